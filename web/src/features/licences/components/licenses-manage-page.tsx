import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ALL_ACCESS, type Licence, type LicenceState, type ProductId } from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { formatDate } from '@/shared/billing/money';
import { Button, LinkButton } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { PageHeader } from '@/shared/ui/page';
import {
  useCreateLicenseKeyMutation,
  useDeleteLicenseKeyMutation,
  useEditLicenseKeyMutation,
  useGetLicenseStateQuery,
  useLazyGetLicenseReportQuery,
} from '../api/licences-api';
import { licensedProductName } from './product-names';
import './licences.css';

type Licensed = ProductId | typeof ALL_ACCESS;

/**
 * /licenses/manage (also /licenses and /business): seats per product with redeemed and unused counts
 * and the licence's end, the keys (create, edit, delete, copy, the redemption report with CSV).
 */
export function LicensesManagePage() {
  // Back from paying: the webhook's seats arrive shortly after, so the page asks again until they show.
  const [searchParams] = useSearchParams();
  const [isWaiting, setIsWaiting] = useState(searchParams.has('purchase'));
  const state = useGetLicenseStateQuery({}, { pollingInterval: isWaiting ? 1000 : 0 });
  const seatCount = (state.data?.seats ?? []).reduce((n, s) => n + s.total, 0);
  const [seatsBefore] = useState(seatCount);
  if (isWaiting && state.data && seatCount > seatsBefore) setIsWaiting(false);
  return (
    <>
      <PageHeader
        title="Manage licences"
        eyebrow="Teams"
        lead="Create licence keys for your team and follow their use."
      />
      {state.isLoading ? (
        <Loader label="Loading your licences" size="large" />
      ) : !state.data ? (
        <div className="licence-panel" role="alert">
          <p>Your licences could not be loaded. {getApiErrorMessage(state.error)}</p>
        </div>
      ) : (state.data.seats ?? []).length === 0 ? (
        <div className="licence-panel">
          <h2>No licences yet</h2>
          <p>Buy seats for your team, then create keys your team members redeem.</p>
          <LinkButton to="/licenses/purchase">Buy licences</LinkButton>
        </div>
      ) : (
        <LicenceStore state={state.data} />
      )}
    </>
  );
}

function LicenceStore({ state }: { state: LicenceState }) {
  const seats = state.seats ?? [];
  const keys = Object.values(state.licenseKeys).flatMap((k) => k ?? []);
  return (
    <>
      <section className="licence-panel" aria-labelledby="seats-heading">
        <h2 id="seats-heading">Seats</h2>
        <div className="licence-table-wrap">
          <table className="licence-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Seats</th>
                <th scope="col">Redeemed</th>
                <th scope="col">Unused</th>
                <th scope="col">Expires</th>
              </tr>
            </thead>
            <tbody>
              {seats.map((s) => (
                <tr key={s.product}>
                  <th scope="row">{licensedProductName(s.product)}</th>
                  <td>{s.total}</td>
                  <td>{s.redeemed}</td>
                  <td data-testid={`unused-${s.product}`}>{s.unused}</td>
                  <td>{formatDate(s.expiresAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          <Link to="/licenses/purchase">Buy more seats</Link>
        </p>
      </section>
      <CreateKeyForm products={seats.map((s) => s.product)} />
      <section className="licence-panel" aria-labelledby="keys-heading">
        <h2 id="keys-heading">Keys</h2>
        {keys.length === 0 ? (
          <p>No keys yet: create one above and hand out its code.</p>
        ) : (
          <ul className="licence-keys">
            {keys.map((key) => (
              <KeyItem key={key.code} licence={key} redeemed={state.keyApplications[key.code]?.length ?? 0} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function CreateKeyForm({ products }: { products: Licensed[] }) {
  const [create, created] = useCreateLicenseKeyMutation();
  const [name, setName] = useState('');
  const [count, setCount] = useState(1);
  const [product, setProduct] = useState<Licensed>(products[0]!);
  const ids = { name: useId(), count: useId(), product: useId() };

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const answer = await create({ name, count, product });
    if ('data' in answer) setName('');
  }

  return (
    <form
      className="licence-panel licence-create"
      onSubmit={(e) => void handleSubmit(e)}
      aria-label="Create a key"
    >
      <h2>Create a key</h2>
      <div className="licence-create__fields">
        <label htmlFor={ids.name}>Name</label>
        <input
          id={ids.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={100}
        />
        <label htmlFor={ids.count}>Uses</label>
        <input
          id={ids.count}
          type="number"
          min={1}
          value={count}
          onChange={(e) => setCount(Math.floor(Number(e.target.value) || 0))}
        />
        <label htmlFor={ids.product}>Product</label>
        <select id={ids.product} value={product} onChange={(e) => setProduct(e.target.value as Licensed)}>
          {products.map((p) => (
            <option key={p} value={p}>
              {licensedProductName(p)}
            </option>
          ))}
        </select>
      </div>
      {created.isError ? (
        <p className="licence-error" role="alert">
          {getApiErrorMessage(created.error)}
        </p>
      ) : null}
      <Button type="submit" isLoading={created.isLoading}>
        Create key
      </Button>
    </form>
  );
}

function KeyItem({ licence, redeemed }: { licence: Licence; redeemed: number }) {
  const [edit, edited] = useEditLicenseKeyMutation();
  const [remove, removed] = useDeleteLicenseKeyMutation();
  const [loadReport, report] = useLazyGetLicenseReportQuery();
  const [isEditing, setIsEditing] = useState(false);
  const [name, setName] = useState(licence.name);
  const [count, setCount] = useState(licence.count);
  const [copied, setCopied] = useState(false);
  const ids = { name: useId(), count: useId() };

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(licence.code);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  async function handleSave(event: FormEvent) {
    event.preventDefault();
    const answer = await edit({ code: licence.code, name, count });
    if ('data' in answer) setIsEditing(false);
  }

  const error = edited.error ?? removed.error ?? report.error;
  const redemptions = (report.data?.stats.redemptions ?? []) as {
    username: string | null;
    userId: string;
    appliedAt: string;
  }[];

  return (
    <li className="licence-key" aria-label={`Key ${licence.name}`}>
      <div className="licence-key__head">
        <div>
          <strong>{licence.name}</strong> · {licensedProductName(licence.product)}
          <div>
            <code className="licence-key__code">{licence.code}</code>
          </div>
          <span>
            {redeemed} of {licence.count} uses redeemed
          </span>
        </div>
        <div className="licence-key__actions">
          <Button variant="secondary" onClick={() => void handleCopy()}>
            {copied ? 'Copied' : 'Copy key'}
          </Button>
          <Button variant="secondary" onClick={() => setIsEditing((v) => !v)}>
            Edit
          </Button>
          <Button variant="secondary" onClick={() => void loadReport({ keyCode: licence.code })}>
            Report
          </Button>
          <Button
            variant="secondary"
            isLoading={removed.isLoading}
            onClick={() => void remove({ code: licence.code })}
          >
            Delete
          </Button>
        </div>
      </div>
      {isEditing ? (
        <form
          className="licence-create__fields"
          onSubmit={(e) => void handleSave(e)}
          aria-label={`Edit ${licence.name}`}
        >
          <label htmlFor={ids.name}>Name</label>
          <input
            id={ids.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={100}
          />
          <label htmlFor={ids.count}>Uses</label>
          <input
            id={ids.count}
            type="number"
            min={1}
            value={count}
            onChange={(e) => setCount(Math.floor(Number(e.target.value) || 0))}
          />
          <Button type="submit" isLoading={edited.isLoading}>
            Save
          </Button>
        </form>
      ) : null}
      {error ? (
        <p className="licence-error" role="alert">
          {getApiErrorMessage(error)}
        </p>
      ) : null}
      {report.data ? (
        <div className="licence-report">
          <h3>Redemptions</h3>
          {redemptions.length === 0 ? (
            <p>Nobody has redeemed this key yet.</p>
          ) : (
            <ul>
              {redemptions.map((r) => (
                <li key={r.userId}>
                  {r.username ?? 'A learner'} — {formatDate(r.appliedAt)}
                </li>
              ))}
            </ul>
          )}
          <a href={csvOf(licence, redemptions)} download={`licence-${licence.code}.csv`}>
            Download CSV
          </a>
        </div>
      ) : null}
    </li>
  );
}

/** The report as a CSV data link: one row per redemption. */
function csvOf(licence: Licence, rows: { username: string | null; userId: string; appliedAt: string }[]) {
  const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
  const lines = [
    'key,product,user_id,username,applied_at',
    ...rows.map((r) =>
      [licence.code, licence.product, r.userId, r.username ?? '', r.appliedAt].map(quote).join(','),
    ),
  ];
  return `data:text/csv;charset=utf-8,${encodeURIComponent(lines.join('\n'))}`;
}
