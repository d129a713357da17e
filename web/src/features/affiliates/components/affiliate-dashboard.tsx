import { useId, useState } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AffiliateData, AffiliateMonthRow } from '@app/contracts';
import { useIsSignedIn } from '@/shared/auth/session';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { formatMoney } from '@/shared/billing/money';
import { useAppDispatch } from '@/shared/lib/store';
import { Button } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { useGetAffiliateDashboardQuery, useGetAffiliateTrackingQuery } from '../api/affiliates-api';
import { LOOKBACKS, chartPoints, monthsCsv, productTotals } from '../utils/affiliate-figures';
import './affiliates.css';

const usd = (cents: number) => formatMoney(cents, 'usd');

/** The affiliate dashboard (issue 18): link, promo code, daily chart, product totals, monthly earnings. */
export function AffiliateDashboard() {
  const signedIn = useIsSignedIn();
  const data = useGetAffiliateDashboardQuery(undefined, { skip: !signedIn });
  if (!signedIn) return <BecomeAnAffiliate signedIn={false} />;
  if (data.isLoading) return <Loader label="Loading your affiliate dashboard" />;
  if (data.isError || !data.data) {
    return (
      <div className="affiliate-panel" role="alert">
        <p>Your affiliate dashboard could not be loaded.</p>
        <Button variant="secondary" onClick={() => void data.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!data.data.isAffiliate) return <BecomeAnAffiliate signedIn />;
  return <Dashboard affiliate={data.data} />;
}

function BecomeAnAffiliate({ signedIn }: { signedIn: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <section className="affiliate-panel" aria-labelledby="become-affiliate">
      <h2 id="become-affiliate">Become an affiliate</h2>
      <p>
        Affiliates share a link and a promo code of their own, and earn a cut of every purchase they bring: a
        fixed amount or a percentage of the sale after the payment fee. Earnings are paid at the start of each
        month for the month before.
      </p>
      <ol className="affiliate-steps">
        <li>
          Write to our team from the Help page with the email of your account and where you will share us.
        </li>
        <li>We enrol that email as an affiliate with your alias, your cut and your promo code.</li>
        <li>Sign in with that account: this page then shows your link, your results and your payouts.</li>
      </ol>
      {signedIn ? (
        <p className="affiliate-muted">This account is not an affiliate yet.</p>
      ) : (
        <Button
          onClick={() => dispatch(signInModalOpened({ text: 'Log in to see your affiliate dashboard.' }))}
        >
          Log in
        </Button>
      )}
    </section>
  );
}

function Dashboard({ affiliate }: { affiliate: AffiliateData }) {
  const link = `${window.location.origin}/?r=${encodeURIComponent(affiliate.alias ?? '')}`;
  return (
    <div className="affiliate-dashboard">
      {affiliate.isExpired && (
        <p className="affiliate-notice" role="status">
          Your affiliate account has ended: new sales no longer earn you a cut.
        </p>
      )}
      <section className="affiliate-panel affiliate-codes" aria-label="Your link and promo code">
        <LinkCopy link={link} />
        <div>
          <h2 className="affiliate-label">Your promo code</h2>
          <p className="affiliate-code">{affiliate.promocode}</p>
          <p className="affiliate-muted">
            Your cut:{' '}
            {affiliate.cutFlat !== null
              ? `${usd(affiliate.cutFlat)} per sale`
              : `${affiliate.cutPerc} % after fees`}
          </p>
        </div>
      </section>
      <Tracking />
      <MonthsTable months={affiliate.months} />
    </div>
  );
}

function LinkCopy({ link }: { link: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const inputId = useId();
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div>
      <label className="affiliate-label" htmlFor={inputId}>
        Your link
      </label>
      <div className="affiliate-link">
        <input id={inputId} readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        <Button variant="secondary" onClick={() => void handleCopy()}>
          Copy link
        </Button>
      </div>
      <p className="affiliate-muted" aria-live="polite">
        {copied === 'copied' ? 'Link copied.' : copied === 'failed' ? 'Select the link and copy it.' : ''}
      </p>
    </div>
  );
}

function Tracking() {
  const [lookback, setLookback] = useState<number>(30);
  const selectId = useId();
  const tracking = useGetAffiliateTrackingQuery({ lookback });
  const days = tracking.data?.days ?? [];
  const totals = productTotals(days);
  return (
    <section className="affiliate-panel" aria-labelledby="affiliate-activity">
      <div className="affiliate-panel__head">
        <h2 id="affiliate-activity">Clicks, promo codes and sales</h2>
        <label htmlFor={selectId} className="affiliate-lookback">
          Period
          <select id={selectId} value={lookback} onChange={(e) => setLookback(Number(e.target.value))}>
            {LOOKBACKS.map((days) => (
              <option key={days} value={days}>
                Last {days} days
              </option>
            ))}
          </select>
        </label>
      </div>
      {tracking.isLoading ? (
        <Loader label="Loading your daily figures" />
      ) : tracking.isError ? (
        <p role="alert">Your daily figures could not be loaded.</p>
      ) : (
        <>
          <figure className="affiliate-chart" data-testid="affiliate-chart">
            <ResponsiveContainer width="100%" height={280}>
              <ComposedChart data={chartPoints(days)} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
                <XAxis dataKey="day" tick={{ fontSize: 12 }} minTickGap={16} />
                <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
                <Tooltip />
                <Legend />
                <Bar dataKey="sales" name="Sales" fill="#15803d" />
                <Line type="monotone" dataKey="clicks" name="Link clicks" stroke="#1d4ed8" dot={false} />
                <Line type="monotone" dataKey="promocodes" name="Promo codes" stroke="#b45309" dot={false} />
              </ComposedChart>
            </ResponsiveContainer>
            <figcaption className="affiliate-muted">Per UTC day over the last {lookback} days.</figcaption>
          </figure>
          <div className="affiliate-table-wrap" role="region" aria-labelledby="affiliate-totals" tabIndex={0}>
            <table className="affiliate-table">
              <caption id="affiliate-totals">Sales per product, last {lookback} days</caption>
              <thead>
                <tr>
                  <th scope="col">AlgoExpert</th>
                  <th scope="col">SystemsExpert</th>
                  <th scope="col">MLExpert</th>
                  <th scope="col">Bundles</th>
                  <th scope="col">Other</th>
                  <th scope="col" className="numeric">
                    Amount
                  </th>
                  <th scope="col" className="numeric">
                    Your cut
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>{totals.algoexpert}</td>
                  <td>{totals.systemsexpert}</td>
                  <td>{totals.mlexpert}</td>
                  <td>{totals.bundle}</td>
                  <td>{totals.other}</td>
                  <td className="numeric">{usd(totals.amount)}</td>
                  <td className="numeric">{usd(totals.cut)}</td>
                </tr>
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function MonthsTable({ months }: { months: readonly AffiliateMonthRow[] }) {
  const newestFirst = [...months].reverse();
  const handleDownload = () => {
    const url = URL.createObjectURL(new Blob([monthsCsv(months)], { type: 'text/csv' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = 'affiliate-earnings.csv';
    anchor.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="affiliate-panel" aria-labelledby="affiliate-months">
      <div className="affiliate-panel__head">
        <h2 id="affiliate-months">Monthly earnings</h2>
        <Button variant="secondary" onClick={handleDownload} disabled={months.length === 0}>
          Download CSV
        </Button>
      </div>
      {months.length === 0 ? (
        <p className="affiliate-muted">No sales yet: your months show here from your first sale.</p>
      ) : (
        <div className="affiliate-table-wrap" role="region" aria-label="Monthly earnings table" tabIndex={0}>
          <table className="affiliate-table" data-testid="affiliate-months">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col" className="numeric">
                  Sales
                </th>
                <th scope="col" className="numeric">
                  Earnings
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((m) => (
                <tr key={m.month} data-month={m.month}>
                  <td>{m.month}</td>
                  <td className="numeric">{m.sales}</td>
                  <td className="numeric">{m.earningsCents === 0 ? '—' : usd(m.earningsCents)}</td>
                  <td>
                    <span className={`affiliate-status affiliate-status--${statusTone(m.status)}`}>
                      {m.status}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const statusTone = (status: AffiliateMonthRow['status']) =>
  status === 'Sent' ? 'sent' : status === 'In Progress' ? 'progress' : 'none';
