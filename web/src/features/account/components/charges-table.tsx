import { useState } from 'react';
import { ALL_ACCESS, type Charge } from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { productIndex } from '@/shared/catalog/product-index';
import { useCharges } from '@/shared/billing/billing-api';
import { Loader } from '@/shared/ui/loader';
import { Button, LinkButton } from '@/shared/ui/button';
import { formatDate, formatMoney } from '@/shared/billing/money';
import { useDownloadReceiptMutation } from '../api/receipts-api';
import './account.css';

const productName = (product: Charge['products'][number]) =>
  product === ALL_ACCESS ? 'All-access bundle' : productIndex[product].name;

function chargeStatus(charge: Charge): { label: string; tone: 'paid' | 'partial' | 'refunded' } {
  if (charge.amountRefunded <= 0) return { label: 'Paid', tone: 'paid' };
  if (charge.amountRefunded >= charge.amount) return { label: 'Refunded', tone: 'refunded' };
  return { label: `${formatMoney(charge.amountRefunded, charge.currency)} refunded`, tone: 'partial' };
}

/** The signed-in user's charges, newest first (spec 3, Charge), from the startup call's cache. */
export function ChargesTable() {
  const { data, isLoading, isError, refetch } = useCharges();
  if (isLoading) return <Loader label="Loading your transactions" />;
  if (isError || !data) {
    return (
      <div className="account-panel" role="alert">
        <p>Your transactions could not be loaded.</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const charges = [...data.charges, ...data.licenseCharges];
  if (charges.length === 0) {
    return (
      <div className="account-panel account-panel--empty">
        <h2>No purchases yet</h2>
        <p>When you buy a product or a bundle, its charge and date show here.</p>
        <LinkButton to="/purchase">See products and bundles</LinkButton>
      </div>
    );
  }
  return (
    <div
      className="table-card account-table-card"
      role="region"
      aria-labelledby="charges-caption"
      tabIndex={0}
    >
      <table className="account-table">
        <caption id="charges-caption">Charges</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Products</th>
            <th scope="col" className="numeric">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">Charge id</th>
            <th scope="col">Receipt</th>
          </tr>
        </thead>
        <tbody>
          {charges.map((charge) => {
            const status = chargeStatus(charge);
            return (
              <tr key={charge.id} data-charge={charge.id}>
                <td>{formatDate(charge.createdAt)}</td>
                <td>{charge.products.map(productName).join(', ')}</td>
                <td className="numeric">{formatMoney(charge.amount, charge.currency)}</td>
                <td>
                  <span className={`account-status account-status--${status.tone}`}>{status.label}</span>
                </td>
                <td className="account-table__id">{charge.id}</td>
                <td>
                  <ReceiptButton charge={charge} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Asks for the receipt's short-lived link, then lets the browser download the PDF from it. */
function ReceiptButton({ charge }: { charge: Charge }) {
  const [download, state] = useDownloadReceiptMutation();
  const [error, setError] = useState<string | null>(null);
  async function handleClick() {
    setError(null);
    try {
      const { url } = await download({ chargeId: charge.id }).unwrap();
      window.location.assign(url);
    } catch (caught) {
      setError(getApiErrorMessage(caught as Parameters<typeof getApiErrorMessage>[0]));
    }
  }
  return (
    <>
      <Button
        variant="link"
        onClick={() => void handleClick()}
        isLoading={state.isLoading}
        aria-label={`Download receipt of ${formatDate(charge.createdAt)} (${formatMoney(charge.amount, charge.currency)})`}
      >
        Download receipt
      </Button>
      {error ? (
        <span className="account-note" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
