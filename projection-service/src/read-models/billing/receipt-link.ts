import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a receipt link works after downloadReceipt made it. */
export const RECEIPT_LINK_TTL_MS = 5 * 60 * 1000;

export type ReceiptLinkClaims = { chargeId: string; userId: string; expiresAt: number };

/**
 * Signs and checks the short-lived receipt links. The browser opens the link without the Authorization
 * header, so the link carries who may read which charge until when, under an HMAC. The key is
 * RECEIPT_LINK_SECRET; without it each process draws its own, so a deployment with several query
 * replicas behind one origin sets the variable.
 */
export class ReceiptLinks {
  private readonly key: Buffer;

  constructor(secret: string | undefined = process.env.RECEIPT_LINK_SECRET) {
    this.key = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  }

  sign(claims: ReceiptLinkClaims): string {
    const body = Buffer.from(JSON.stringify([claims.chargeId, claims.userId, claims.expiresAt])).toString(
      'base64url',
    );
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a link this key signed and that has not expired; null otherwise. */
  verify(token: string, now = Date.now()): ReceiptLinkClaims | null {
    const [body, mac, ...rest] = token.split('.');
    if (!body || !mac || rest.length > 0) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (!Array.isArray(parsed) || parsed.length !== 3) return null;
    const [chargeId, userId, expiresAt] = parsed as unknown[];
    if (typeof chargeId !== 'string' || typeof userId !== 'string' || typeof expiresAt !== 'number')
      return null;
    if (expiresAt <= now) return null;
    return { chargeId, userId, expiresAt };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
