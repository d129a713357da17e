import type { PoolClient } from 'pg';
import type { PaidCheckout, PurchaseRecord } from './decide-billing';

/*
 * billing_purchases: the command side's record of each purchase, the gate that fulfils a checkout
 * once (its primary key), and the state the billing decisions read. Every statement on it is here.
 */

/** A learner's purchases, oldest first. */
export async function purchasesOf(client: PoolClient, userId: string): Promise<PurchaseRecord[]> {
  const { rows } = await client.query<{
    purchase_id: string;
    products: string[];
    amount_refunded: string;
    fully_refunded: boolean;
  }>(
    'SELECT purchase_id, products, amount_refunded, fully_refunded FROM billing_purchases WHERE user_id = $1 ORDER BY paid_at',
    [userId],
  );
  return rows.map((r) => ({
    purchaseId: r.purchase_id,
    products: r.products,
    amountRefunded: Number(r.amount_refunded),
    fullyRefunded: r.fully_refunded,
  }));
}

/**
 * Records a paid checkout; false when it is recorded already (a redelivery: a concurrent one waits
 * on the key until the first commits).
 */
export async function recordPurchase(
  client: PoolClient,
  checkout: PaidCheckout,
  paidAt: string,
): Promise<boolean> {
  const gate = await client.query(
    `INSERT INTO billing_purchases (purchase_id, user_id, charge_id, products, amount, currency, position, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, '', $7) ON CONFLICT DO NOTHING`,
    [
      checkout.purchaseId,
      checkout.userId,
      checkout.chargeId,
      checkout.products,
      checkout.amount,
      checkout.currency,
      paidAt,
    ],
  );
  return gate.rowCount === 1;
}

/** The position a purchase's fulfilment was appended at ('' while it is being fulfilled). */
export async function fulfilmentPosition(
  client: PoolClient,
  purchaseId: string,
  chargeId: string,
): Promise<string | undefined> {
  const { rows } = await client.query<{ position: string }>(
    'SELECT position FROM billing_purchases WHERE purchase_id = $1 OR charge_id = $2',
    [purchaseId, chargeId],
  );
  return rows[0]?.position || undefined;
}

export async function setFulfilmentPosition(
  client: PoolClient,
  purchaseId: string,
  position: string,
): Promise<void> {
  await client.query('UPDATE billing_purchases SET position = $2 WHERE purchase_id = $1', [
    purchaseId,
    position,
  ]);
}

/** The purchase a refunded charge belongs to (by payment intent or charge id). */
export async function purchaseOfCharges(
  client: PoolClient,
  chargeIds: readonly string[],
): Promise<{ purchaseId: string; userId: string; chargeId: string } | undefined> {
  const { rows } = await client.query<{ purchase_id: string; user_id: string; charge_id: string }>(
    'SELECT purchase_id, user_id, charge_id FROM billing_purchases WHERE charge_id = ANY($1)',
    [chargeIds],
  );
  const row = rows[0];
  return row && { purchaseId: row.purchase_id, userId: row.user_id, chargeId: row.charge_id };
}

/** Keeps the provider's running refunded total (never lower) and whether the refund is full. */
export async function recordRefund(
  client: PoolClient,
  purchaseId: string,
  amountRefunded: number,
  full: boolean,
): Promise<void> {
  await client.query(
    `UPDATE billing_purchases SET amount_refunded = greatest(amount_refunded, $2), fully_refunded = fully_refunded OR $3
      WHERE purchase_id = $1`,
    [purchaseId, amountRefunded, full],
  );
}
