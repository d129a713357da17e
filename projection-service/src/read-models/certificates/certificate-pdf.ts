import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** How a product is named on its certificate. */
const PRODUCT_TITLES: Record<string, string> = {
  algoexpert: 'AlgoExpert: Data Structures and Algorithms',
  systemsexpert: 'SystemsExpert: Systems Design',
  frontendexpert: 'FrontendExpert: Frontend Development',
  mlexpert: 'MLExpert: Machine Learning',
  infraexpert: 'InfraExpert: Infrastructure',
  iosexpert: 'iOSExpert: iOS Development',
  blockchainexpert: 'BlockchainExpert: Blockchain Development',
};

export const productTitle = (product: string) => PRODUCT_TITLES[product] ?? product;

export type CertificateContent = {
  certificateId: string;
  name: string;
  product: string;
  version: string;
  issuedAt: Date;
};

/**
 * One landscape A4 page: the learner's name, the product, the date of issue and the verification id
 * (with where to verify it). The standard Helvetica fonts encode WinAnsi only, so characters outside
 * it are replaced rather than failing the render.
 */
export async function renderCertificatePdf(
  content: CertificateContent,
  verifyUrl: string,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of completion: ${winAnsi(content.name)}`);
  pdf.setSubject(productTitle(content.product));
  pdf.setCreationDate(content.issuedAt);
  pdf.setKeywords([`verification-id:${content.certificateId}`]);
  const page = pdf.addPage([842, 595]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const { width, height } = page.getSize();
  const ink = rgb(0.1, 0.14, 0.25);
  const accent = rgb(0.05, 0.4, 0.75);
  page.drawRectangle({
    x: 24,
    y: 24,
    width: width - 48,
    height: height - 48,
    borderColor: accent,
    borderWidth: 3,
  });
  const centred = (text: string, y: number, size: number, font = regular, color = ink) => {
    const safe = winAnsi(text);
    let fitted = size;
    while (fitted > 10 && font.widthOfTextAtSize(safe, fitted) > width - 120) fitted -= 1;
    page.drawText(safe, {
      x: (width - font.widthOfTextAtSize(safe, fitted)) / 2,
      y,
      size: fitted,
      font,
      color,
    });
  };
  centred('CERTIFICATE OF COMPLETION', height - 120, 30, bold, accent);
  centred('This certifies that', height - 185, 16);
  centred(content.name, height - 240, 36, bold);
  centred('has completed every question of', height - 290, 16);
  centred(productTitle(content.product), height - 330, 22, bold);
  const date = content.issuedAt.toISOString().slice(0, 10);
  centred(`Issued on ${date} - certificate version ${content.version}`, height - 385, 14);
  centred(`Verification id: ${content.certificateId}`, 90, 12);
  centred(`Verify at ${verifyUrl}`, 70, 10);
  return pdf.save();
}

/** Keeps the characters Helvetica's WinAnsi encoding has; others become '?'. */
function winAnsi(text: string): string {
  return text.normalize('NFC').replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');
}
