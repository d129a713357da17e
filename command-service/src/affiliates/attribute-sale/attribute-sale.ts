import { affiliateAccountStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import type { Transaction } from '../../infrastructure/event-appender';
import {
  affiliateOfCode,
  affiliateOfPromocode,
  affiliateSaleOfPurchase,
  recordAffiliateRefund,
  recordAffiliateSale,
} from '../affiliates.repository';
import { type PaidSale, decideSaleAttribution, decideSaleReversal } from './decide-sale-attribution';

/*
 * The affiliate side of the billing webhook: run inside the transaction that fulfils a checkout or
 * records a refund, so the sale fact and the purchase commit together (and a redelivery, which the
 * purchase's gate stops, attributes nothing twice).
 */

const system = { kind: 'system' as const, id: 'stripe' };

/** Appends the sale fact to the affiliate the checkout's codes name; null when none earns from it. */
export async function attributeSale(
  tx: Transaction,
  codes: { affiliateCode: string | null; promoCode: string | null },
  sale: PaidSale,
  correlationId: string,
): Promise<Appended | null> {
  const candidates = {
    byLinkCode: codes.affiliateCode ? await affiliateOfCode(tx.client, codes.affiliateCode) : null,
    byPromocode: codes.promoCode ? await affiliateOfPromocode(tx.client, codes.promoCode) : null,
  };
  const attribution = decideSaleAttribution(candidates, sale);
  if (!attribution) return null;
  const { affiliateId, events } = attribution;
  if (!(await recordAffiliateSale(tx.client, { affiliateId, ...sale }))) return null;
  return tx.append(affiliateAccountStreamId(affiliateId), events, { actor: system, correlationId });
}

/** Appends the reversal of an attributed sale's refund; null when the sale earned nobody anything. */
export async function reverseAttributedSale(
  tx: Transaction,
  refund: { purchaseId: string; amountRefunded: number; full: boolean },
  correlationId: string,
): Promise<Appended | null> {
  const recorded = await affiliateSaleOfPurchase(tx.client, refund.purchaseId);
  const events = decideSaleReversal(recorded, refund);
  if (!recorded || events.length === 0) return null;
  await recordAffiliateRefund(tx.client, refund.purchaseId, refund.amountRefunded, refund.full);
  return tx.append(affiliateAccountStreamId(recorded.affiliateId), events, { actor: system, correlationId });
}
