import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ALL_ACCESS, type ProductId, allAccessProductIds } from '@app/contracts';
import { billingApi, useOwnedProducts } from '@/shared/billing/billing-api';
import { formatMoney } from '@/shared/billing/money';
import { productIndex } from '@/shared/catalog/product-index';
import { LinkButton } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { PageHeader } from '@/shared/ui/page';
import { productName } from '../utils/offerings';
import { PENDING_PURCHASE_KEY } from './purchase-page';
import './commerce.css';

/** How often the page asks again while the payment is being confirmed. */
const POLL_MS = 1500;
/** After this long the page says that confirming takes longer than usual (it keeps asking). */
const SLOW_AFTER_MS = 20_000;

type Pending = { title: string; products: string[]; amount: number; currency: string };

function readPending(): Pending | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_PURCHASE_KEY);
    return raw ? (JSON.parse(raw) as Pending) : null;
  } catch {
    return null;
  }
}

const expand = (products: readonly string[]): ProductId[] =>
  products.flatMap((p) => (p === ALL_ACCESS ? [...allAccessProductIds] : [p as ProductId]));

/**
 * Spec 2 /confirmation?purchase=<id>: what was bought, then a wait until the payment provider's webhook
 * made the products the learner's (read your writes: the charges and subscriptions are asked again until
 * the purchase's charge shows and every product in it is owned), then links to the products.
 */
export function ConfirmationPage() {
  const [searchParams] = useSearchParams();
  const purchaseId = searchParams.get('purchase');
  const pending = useMemo(readPending, []);
  const owned = useOwnedProducts();
  const [isDone, setIsDone] = useState(false);
  const poll = { pollingInterval: isDone ? 0 : POLL_MS, skipPollingIfUnfocused: false };
  const charges = billingApi.useGetChargesQuery(undefined, poll);
  billingApi.useGetSubscriptionsQuery(undefined, poll);
  const charge = charges.data?.charges.find((c) => c.purchaseId === purchaseId);
  const bought = expand(charge?.products ?? pending?.products ?? []);
  const ownsAll =
    Boolean(charge) && owned !== undefined && bought.length > 0 && bought.every((p) => owned.includes(p));
  const [isSlow, setIsSlow] = useState(false);

  useEffect(() => {
    if (ownsAll) setIsDone(true);
  }, [ownsAll]);
  useEffect(() => {
    if (isDone) return;
    const timer = window.setTimeout(() => setIsSlow(true), SLOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [isDone]);
  useEffect(() => {
    if (!isDone) return;
    try {
      window.sessionStorage.removeItem(PENDING_PURCHASE_KEY);
    } catch {
      // Nothing to forget.
    }
  }, [isDone]);

  if (!purchaseId) {
    return (
      <>
        <PageHeader title="Purchase confirmation" eyebrow="Purchase" />
        <div className="commerce-panel">
          <p>
            This page confirms a purchase, and no purchase was named. Your purchases are in your transactions.
          </p>
          <LinkButton to="/account/transactions">See your transactions</LinkButton>
        </div>
      </>
    );
  }

  const title = pending?.title ?? (charge ? charge.products.map(productName).join(' + ') : 'Your purchase');
  return (
    <>
      <PageHeader
        title={isDone ? 'Thank you for your purchase' : 'Confirming your purchase'}
        eyebrow="Purchase"
        lead={isDone ? 'Everything you bought is yours. Enjoy your preparation.' : undefined}
      />
      <section className="commerce-panel" aria-labelledby="bought-heading">
        <h2 id="bought-heading">{title}</h2>
        {bought.length > 0 ? (
          <ul className="confirmation-products" aria-label="Products bought">
            {bought.map((product) => (
              <li key={product}>{productIndex[product].name}</li>
            ))}
          </ul>
        ) : null}
        {charge ? (
          <p>
            Paid {formatMoney(charge.amount, charge.currency)} (charge {charge.id}).
          </p>
        ) : pending ? (
          <p>Amount: {formatMoney(pending.amount, pending.currency)}.</p>
        ) : null}
      </section>
      {isDone ? (
        <section className="commerce-panel" aria-labelledby="open-heading">
          <h2 id="open-heading">Start now</h2>
          <ul className="confirmation-links">
            {bought
              .filter((p) => !productIndex[p].isDisabled)
              .map((product) => (
                <li key={product}>
                  {productIndex[product].isExternal ? (
                    <a href={productIndex[product].productPath} target="_blank" rel="noopener noreferrer">
                      Open {productIndex[product].name}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    <Link to={productIndex[product].productPath}>Open {productIndex[product].name}</Link>
                  )}
                </li>
              ))}
          </ul>
          <p>
            Your receipt is in <Link to="/account/transactions">your transactions</Link>.
          </p>
        </section>
      ) : (
        <div className="commerce-panel commerce-waiting" aria-live="polite">
          <Loader label="Waiting for the payment to be confirmed" />
          <p>
            We are waiting for the payment provider to confirm your payment. This page updates on its own.
          </p>
          {isSlow ? (
            <p className="commerce-waiting__slow">
              This is taking longer than usual. You do not need to pay again: once the payment is confirmed,
              your products unlock and the charge shows in{' '}
              <Link to="/account/transactions">your transactions</Link>. If nothing changes within a few
              minutes, <Link to="/help">contact us</Link> with the purchase id {purchaseId}.
            </p>
          ) : null}
        </div>
      )}
    </>
  );
}
