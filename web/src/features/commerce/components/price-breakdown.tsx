import type { Offering } from '@app/contracts';
import { formatMoney } from '@/shared/billing/money';
import { discountLabels } from '../utils/offerings';

type PriceBreakdownProps = { offering: Offering; currency: string; label: string };

/** An offering's price built up line by line: the list price, each discount taken off, what is paid. */
export function PriceBreakdown({ offering, currency, label }: PriceBreakdownProps) {
  const discounts = Object.entries(offering.discounts).filter(
    (entry): entry is [string, { amount: number }] => entry[1] !== undefined && entry[1].amount > 0,
  );
  return (
    <dl className="price-breakdown" aria-label={`Price of ${label}`}>
      <div className="price-breakdown__row">
        <dt>List price</dt>
        <dd>{formatMoney(offering.basePrice, currency)}</dd>
      </div>
      {discounts.map(([name, discount]) => (
        <div className="price-breakdown__row price-breakdown__row--discount" key={name} data-discount={name}>
          <dt>{discountLabels[name] ?? name}</dt>
          <dd>−{formatMoney(discount.amount, currency)}</dd>
        </div>
      ))}
      <div className="price-breakdown__row price-breakdown__row--total">
        <dt>You pay</dt>
        <dd data-testid="price-total">{formatMoney(offering.amountPer, currency)}</dd>
      </div>
    </dl>
  );
}
