import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** How a product is named on a receipt. */
const PRODUCT_NAMES: Record<string, string> = {
  algoexpert: 'AlgoExpert',
  systemsexpert: 'SystemsExpert',
  mlexpert: 'MLExpert',
  frontendexpert: 'FrontendExpert',
  infraexpert: 'InfraExpert',
  iosexpert: 'iOSExpert',
  blockchainexpert: 'BlockchainExpert',
  backendexpert: 'BackendExpert',
  allaccess: 'All-access bundle',
};

export const receiptProductName = (product: string) => PRODUCT_NAMES[product] ?? product;

/** One priced line of a receipt, in cents of the receipt's currency. */
export type ReceiptLine = { label: string; amount: number };

export type ReceiptContent = {
  chargeId: string;
  paidAt: Date;
  buyer: { name: string; email: string | null };
  /** Lowercase ISO code as the payment provider reports it (usd). */
  currency: string;
  /** What was bought at its list price, one line per product (or one for the whole set). */
  items: ReceiptLine[];
  /** Each discount taken off the items, as a positive amount. */
  discounts: ReceiptLine[];
  /** Cents actually paid. */
  total: number;
  /** Cents refunded so far. */
  refunded: number;
  promoCode: string | null;
  priceVersion: number | null;
};

/**
 * The tax rule: the platform's prices include no tax and it collects none, so every receipt states a
 * tax line of 0.00 and its total is the sum of the items less the discounts.
 */
export const TAX_NOTE = 'Prices include no tax; no tax is charged.';

/** A stable, human-sized receipt number: the payment date and a digest of the charge id. */
export function receiptNumber(chargeId: string, paidAt: Date): string {
  const day = paidAt.toISOString().slice(0, 10).replaceAll('-', '');
  const digest = createHash('sha256').update(chargeId).digest('hex').slice(0, 8).toUpperCase();
  return `R-${day}-${digest}`;
}

/** Cents with two decimals, exact (no floating point): 123456 → '1234.56', -5 → '-0.05'. */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One A4 page: who sold and who bought, the receipt number and date, the items at their prices, each
 * discount, the tax line, the total, and any refund, every amount with its currency and two decimals.
 * Helvetica encodes WinAnsi only, so other characters (in a buyer's name) are replaced, not fatal.
 */
export async function renderReceiptPdf(content: ReceiptContent): Promise<Uint8Array> {
  const number = receiptNumber(content.chargeId, content.paidAt);
  const currency = content.currency.toUpperCase();
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Receipt ${number}`);
  pdf.setCreationDate(content.paidAt);
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.14, 0.25);
  const muted = rgb(0.35, 0.38, 0.45);
  const left = 56;
  const right = 595 - 56;
  let y = 842 - 72;

  const text = (value: string, x: number, size = 11, font = regular, color = ink) =>
    page.drawText(winAnsi(value), { x, y, size, font, color });
  const amountAt = (value: string, size = 11, font = regular) => {
    const safe = winAnsi(value);
    page.drawText(safe, { x: right - font.widthOfTextAtSize(safe, size), y, size, font, color: ink });
  };
  const row = (label: string, cents: number, font = regular) => {
    text(fitted(label, font, 11, right - left - 120), left, 11, font);
    amountAt(`${money(cents)} ${currency}`, 11, font);
    y -= 18;
  };
  const rule = () => {
    page.drawLine({
      start: { x: left, y: y + 6 },
      end: { x: right, y: y + 6 },
      thickness: 0.6,
      color: muted,
    });
    y -= 12;
  };

  text('RECEIPT', left, 26, bold);
  y -= 36;
  for (const [label, value] of [
    ['Receipt number', number],
    ['Date', content.paidAt.toISOString().slice(0, 10)],
    ['Charge id', content.chargeId],
    [
      'Billed to',
      content.buyer.email ? `${content.buyer.name} <${content.buyer.email}>` : content.buyer.name,
    ],
    ['Currency', currency],
  ] as const) {
    text(`${label}:`, left, 11, bold);
    text(fitted(value, regular, 11, right - left - 110), left + 110, 11);
    y -= 17;
  }
  if (content.priceVersion !== null) {
    text('Price list:', left, 11, bold);
    text(`version ${content.priceVersion}`, left + 110, 11);
    y -= 17;
  }
  y -= 14;

  text('Item', left, 11, bold, muted);
  amountAt('Amount', 11, bold);
  y -= 8;
  rule();
  for (const item of content.items) row(item.label, item.amount);
  for (const discount of content.discounts) row(`Discount: ${discount.label}`, -discount.amount);
  rule();
  row('Tax', 0);
  row('Total', content.total, bold);
  if (content.refunded > 0) {
    row('Refunded', -content.refunded);
    row('Net paid', content.total - content.refunded, bold);
  }
  y -= 18;
  if (content.promoCode) {
    text(`Promo code applied: ${content.promoCode}`, left, 10, regular, muted);
    y -= 15;
  }
  text(TAX_NOTE, left, 10, regular, muted);
  y -= 15;
  text('Interview-preparation platform - thank you for your purchase.', left, 10, regular, muted);
  return pdf.save();
}

function fitted(
  value: string,
  font: { widthOfTextAtSize(t: string, s: number): number },
  size: number,
  width: number,
) {
  let safe = winAnsi(value);
  if (font.widthOfTextAtSize(safe, size) <= width) return safe;
  while (safe.length > 1 && font.widthOfTextAtSize(`${safe}...`, size) > width) safe = safe.slice(0, -1);
  return `${safe}...`;
}

/** Keeps the characters Helvetica's WinAnsi encoding has; others become '?'. */
function winAnsi(value: string): string {
  return value.normalize('NFC').replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');
}
