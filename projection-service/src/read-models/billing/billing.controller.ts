import { Controller, Inject, Req, Res, StreamableFile } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  type Principal,
  DomainError,
  buildPath,
  downloadLicenseReceipt,
  downloadReceipt,
  getCharges,
  getReceiptPdf,
  getSubscriptions,
} from '@app/contracts';
import {
  type CallInput,
  CurrentPrincipal,
  ContractRoute,
  PG_POOL,
  ValidatedInput,
  requireUser,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { billingProjection } from './billing.projection';
import { RECEIPT_LINK_TTL_MS, ReceiptLinks } from './receipt-link';
import { type ReceiptContent, receiptNumber, receiptProductName, renderReceiptPdf } from './receipt-pdf';

type ReceiptRow = {
  charge_id: string;
  products: string[];
  amount: string;
  currency: string;
  amount_refunded: string;
  promo_code: string | null;
  paid_at: Date;
  offering: string | null;
  price_version: number | null;
  list_price: string | null;
  discounts: Record<string, number> | null;
  buyer_name: string;
  buyer_email: string | null;
  licence_seats?: number | null;
};

/** The name a receipt is billed to: the profile's display name, else username (a wipe erases both). */
const BUYER = `coalesce(nullif(trim(p.name), ''), nullif(trim(p.username), ''), 'Customer') AS buyer_name, p.email AS buyer_email`;

/** How a discount is named on a receipt. */
const DISCOUNT_NAMES: Record<string, string> = {
  holiday: 'holiday sale',
  loyalty: 'loyalty',
  student: 'student',
  bundle: 'bundle',
  exploding: 'limited-time offer',
  proration: 'credit for products owned',
  promo: 'promo code',
  licence: 'team licence',
};

/**
 * A charge as its receipt shows it: the list price and each discount when the checkout recorded them
 * and they add up to what was paid; otherwise one line of the products at the amount paid.
 */
export function receiptOf(row: ReceiptRow): ReceiptContent {
  const total = Number(row.amount);
  const named = row.products.map(receiptProductName).join(' + ');
  const products = row.licence_seats ? `Team licence: ${row.licence_seats} seat(s) of ${named}` : named;
  const discounts = Object.entries(row.discounts ?? {})
    .filter(([, amount]) => amount > 0)
    .map(([name, amount]) => ({ label: DISCOUNT_NAMES[name] ?? name, amount }));
  const listPrice = row.list_price === null ? null : Number(row.list_price);
  const addsUp = listPrice !== null && listPrice - discounts.reduce((sum, d) => sum + d.amount, 0) === total;
  return {
    chargeId: row.charge_id,
    paidAt: row.paid_at,
    buyer: { name: row.buyer_name, email: row.buyer_email },
    currency: row.currency,
    items: [{ label: products, amount: addsUp ? listPrice : total }],
    discounts: addsUp ? discounts : [],
    total,
    refunded: Number(row.amount_refunded),
    promoCode: row.promo_code,
    priceVersion: row.price_version,
  };
}

/** The caller's own subscriptions and charges; anonymous visitors (everyone asks at startup) get none. */
@Controller()
export class BillingController {
  private readonly receiptLinks = new ReceiptLinks();

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(getSubscriptions)
  async subscriptions(
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    if (principal.kind !== 'user') return { subscriptions: [] };
    await this.readYourWrites.ensure(request, response, [billingProjection.name]);
    // Products of redeemed licence keys are active subscriptions until the licence year ends.
    const { rows } = await this.pool.query<{ product: string; status: string }>(
      `SELECT product, status FROM (
         SELECT product, status, changed_at AS at FROM rm_subscriptions WHERE user_id = $1
         UNION ALL
         SELECT product, 'active', expires_at - interval '366 days' FROM rm_licence_subscriptions
          WHERE user_id = $1 AND expires_at > now()) s
        ORDER BY at, product`,
      [principal.userId],
    );
    return { subscriptions: rows };
  }

  @ContractRoute(getCharges)
  async charges(
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    if (principal.kind !== 'user') return { charges: [], licenseCharges: [] };
    await this.readYourWrites.ensure(request, response, [billingProjection.name]);
    const { rows } = await this.pool.query<{
      charge_id: string;
      purchase_id: string;
      amount: string;
      currency: string;
      products: string[];
      paid_at: Date;
      amount_refunded: string;
      licence_seats: number | null;
    }>(
      'SELECT charge_id, purchase_id, amount, currency, products, paid_at, amount_refunded, licence_seats FROM rm_charges WHERE user_id = $1 ORDER BY paid_at DESC',
      [principal.userId],
    );
    const charge = (r: (typeof rows)[number]) => ({
      id: r.charge_id,
      purchaseId: r.purchase_id,
      amount: Number(r.amount),
      currency: r.currency,
      products: r.products,
      createdAt: r.paid_at.toISOString(),
      amountRefunded: Number(r.amount_refunded),
    });
    return {
      charges: rows.filter((r) => r.licence_seats === null).map(charge),
      licenseCharges: rows.filter((r) => r.licence_seats !== null).map(charge),
    };
  }

  /** A short-lived link to the receipt of one of the caller's own charges; anyone else's is not found. */
  @ContractRoute(downloadReceipt)
  async receiptLink(
    @CurrentPrincipal() principal: Principal,
    @ValidatedInput() { input }: CallInput<typeof downloadReceipt>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    await this.readYourWrites.ensure(request, response, [billingProjection.name]);
    const row = await this.findReceipt(input.chargeId, user.userId);
    const receiptToken = this.receiptLinks.sign({
      chargeId: row.charge_id,
      userId: user.userId,
      expiresAt: Date.now() + RECEIPT_LINK_TTL_MS,
    });
    return { url: buildPath(getReceiptPdf, { receiptToken }) };
  }

  /** licenses/receipts/download: the same link, for one of the caller's licence charges only. */
  @ContractRoute(downloadLicenseReceipt)
  async licenceReceiptLink(
    @CurrentPrincipal() principal: Principal,
    @ValidatedInput() { input }: CallInput<typeof downloadLicenseReceipt>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    await this.readYourWrites.ensure(request, response, [billingProjection.name]);
    const row = await this.findReceipt(input.chargeId, user.userId, 'licence');
    const receiptToken = this.receiptLinks.sign({
      chargeId: row.charge_id,
      userId: user.userId,
      expiresAt: Date.now() + RECEIPT_LINK_TTL_MS,
    });
    return { url: buildPath(getReceiptPdf, { receiptToken }) };
  }

  @ContractRoute(getReceiptPdf)
  async receiptPdf(@ValidatedInput() { params }: CallInput<typeof getReceiptPdf>): Promise<StreamableFile> {
    const claims = this.receiptLinks.verify(params.receiptToken);
    if (!claims) {
      throw new DomainError(
        'NOT_FOUND',
        'This receipt link has expired or is not valid; download the receipt again.',
      );
    }
    const row = await this.findReceipt(claims.chargeId, claims.userId);
    const bytes = await renderReceiptPdf(receiptOf(row));
    return new StreamableFile(Buffer.from(bytes), {
      type: 'application/pdf',
      disposition: `attachment; filename="receipt-${receiptNumber(row.charge_id, row.paid_at)}.pdf"`,
    });
  }

  /** One of the user's charges; `kind` keeps personal and licence receipts to their own calls. */
  private async findReceipt(
    chargeId: string,
    userId: string,
    kind: 'personal' | 'licence' | 'any' = 'any',
  ): Promise<ReceiptRow> {
    const { rows } = await this.pool.query<ReceiptRow>(
      `SELECT c.charge_id, c.products, c.amount, c.currency, c.amount_refunded, c.promo_code, c.paid_at,
              c.offering, c.price_version, c.list_price, c.discounts, c.licence_seats, ${BUYER}
         FROM rm_charges c LEFT JOIN identity_profiles p ON p.user_id = c.user_id
        WHERE c.charge_id = $1 AND c.user_id = $2
          AND ($3::text = 'any' OR ($3::text = 'licence') = (c.licence_seats IS NOT NULL))`,
      [chargeId, userId, kind],
    );
    if (!rows[0]) throw new DomainError('NOT_FOUND', `You have no charge with the id ${chargeId}.`);
    return rows[0];
  }
}
