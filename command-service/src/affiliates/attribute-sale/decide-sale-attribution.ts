import type { EventDataMap } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { AffiliateRecord } from '../affiliates.repository';

export type PaidSale = Omit<EventDataMap['AffiliateSaleRecorded'], 'affiliateId' | 'via'>;

/**
 * Which affiliate a paid checkout earns for: the one its saved link code names (an alias or promo
 * code), else the one whose own promo code the buyer used. An expired affiliate earns nothing new.
 */
export function decideSaleAttribution(
  candidates: { byLinkCode: AffiliateRecord | null; byPromocode: AffiliateRecord | null },
  sale: PaidSale,
): { affiliateId: string; events: NewEvent<'AffiliateSaleRecorded'>[] } | null {
  const chosen =
    candidates.byLinkCode && !candidates.byLinkCode.expired
      ? { affiliate: candidates.byLinkCode, via: 'link' as const }
      : candidates.byPromocode && !candidates.byPromocode.expired
        ? { affiliate: candidates.byPromocode, via: 'promocode' as const }
        : null;
  if (!chosen) return null;
  const { affiliateId } = chosen.affiliate;
  return {
    affiliateId,
    events: [{ type: 'AffiliateSaleRecorded', data: { affiliateId, ...sale, via: chosen.via } }],
  };
}

/** A refund of an attributed sale: its reversal, unless it adds nothing to what was recorded. */
export function decideSaleReversal(
  recorded: { affiliateId: string; amountRefunded: number; fullyRefunded: boolean } | null,
  refund: { purchaseId: string; amountRefunded: number; full: boolean },
): NewEvent<'AffiliateSaleRefunded'>[] {
  if (!recorded || recorded.fullyRefunded) return [];
  if (refund.amountRefunded <= recorded.amountRefunded && !refund.full) return [];
  return [
    {
      type: 'AffiliateSaleRefunded',
      data: {
        affiliateId: recorded.affiliateId,
        purchaseId: refund.purchaseId,
        amountRefunded: refund.amountRefunded,
        full: refund.full,
      },
    },
  ];
}
