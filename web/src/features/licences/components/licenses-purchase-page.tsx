import { useId, useState, type FormEvent } from 'react';
import { ALL_ACCESS, type ProductId } from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { selectIsSignedIn } from '@/shared/auth/session-slice';
import { formatMoney } from '@/shared/billing/money';
import { useAppDispatch, useAppSelector } from '@/shared/lib/store';
import { Button } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { PageHeader } from '@/shared/ui/page';
import { useListLicenseOfferingsQuery, usePurchaseLicensesMutation } from '../api/licences-api';
import { licensedProductName } from './product-names';
import './licences.css';

type Licensed = ProductId | typeof ALL_ACCESS;

/** /licenses/purchase: choose a product and a number of seats, priced per seat from the price list, then pay. */
export function LicensesPurchasePage() {
  const dispatch = useAppDispatch();
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const offerings = useListLicenseOfferingsQuery({});
  const [purchase, purchased] = usePurchaseLicensesMutation();
  const [product, setProduct] = useState<Licensed>('algoexpert');
  const [seats, setSeats] = useState(5);
  const productId = useId();
  const seatsId = useId();

  const reply = offerings.data;
  const offering = reply?.offerings[product];
  const currency = reply?.currency ?? 'usd';

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isSignedIn) {
      dispatch(signInModalOpened({ text: 'Log in to buy team licences.' }));
      return;
    }
    const answer = await purchase({ product, count: seats });
    if ('data' in answer && answer.data) window.location.assign(answer.data.checkoutUrl);
  }

  return (
    <>
      <PageHeader
        title="Buy licences for your team"
        eyebrow="Teams"
        lead="Buy seats for your team or class, then hand out keys from the licence page. A licence lasts a year (366 days)."
      />
      {offerings.isLoading ? (
        <Loader label="Loading prices" size="large" />
      ) : !reply ? (
        <div className="licence-panel" role="alert">
          <p>The prices could not be loaded. {getApiErrorMessage(offerings.error)}</p>
        </div>
      ) : (
        <form className="licence-panel licence-purchase" onSubmit={(e) => void handleSubmit(e)}>
          <label htmlFor={productId}>Product</label>
          <select id={productId} value={product} onChange={(e) => setProduct(e.target.value as Licensed)}>
            {Object.entries(reply.offerings).map(([key, o]) => (
              <option key={key} value={key}>
                {licensedProductName(key as Licensed)} — {formatMoney(o.amountPer, currency)} per seat
              </option>
            ))}
          </select>
          <label htmlFor={seatsId}>Seats</label>
          <input
            id={seatsId}
            type="number"
            min={1}
            max={10000}
            value={seats}
            onChange={(e) => setSeats(Math.max(1, Math.floor(Number(e.target.value) || 1)))}
          />
          {offering ? (
            <p className="licence-total" aria-live="polite">
              {seats} × {formatMoney(offering.amountPer, currency)}
              {offering.basePrice > offering.amountPer ? (
                <> (list {formatMoney(offering.basePrice, currency)}, team discount included)</>
              ) : null}{' '}
              = <strong>{formatMoney(offering.amountPer * seats, currency)}</strong>
            </p>
          ) : null}
          {purchased.isError ? (
            <p className="licence-error" role="alert">
              {getApiErrorMessage(purchased.error)}
            </p>
          ) : null}
          <Button type="submit" isLoading={purchased.isLoading}>
            Checkout
          </Button>
        </form>
      )}
    </>
  );
}
