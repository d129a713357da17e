import type { PartnerDashboard as PartnerData } from '@app/contracts';
import { useIsSignedIn } from '@/shared/auth/session';
import { formatMoney } from '@/shared/billing/money';
import { Button } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { useGetPartnerDashboardQuery } from '../api/affiliates-api';
import './affiliates.css';

const usd = (cents: number) => formatMoney(cents, 'usd');
const money = (cents: number) => (cents === 0 ? '—' : usd(cents));

/** A partner's codes (a staff-assigned group of affiliates): the months summed, then each code's totals. */
export function PartnerDashboard() {
  const signedIn = useIsSignedIn();
  const data = useGetPartnerDashboardQuery(undefined, { skip: !signedIn });
  if (data.isLoading) return <Loader label="Loading your partner dashboard" />;
  if (data.isError || !data.data) {
    return (
      <div className="affiliate-panel" role="alert">
        <p>Your partner dashboard could not be loaded.</p>
        <Button variant="secondary" onClick={() => void data.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!data.data.isPartner) {
    return (
      <section className="affiliate-panel" aria-labelledby="not-partner">
        <h2 id="not-partner">No partner codes yet</h2>
        <p>
          Partners own several affiliate codes. Ask our team from the Help page to group your codes under this
          account&apos;s email; they then show here, summed and one by one.
        </p>
      </section>
    );
  }
  return <Partner dashboard={data.data} />;
}

function Partner({ dashboard }: { dashboard: PartnerData }) {
  return (
    <div className="affiliate-dashboard">
      <section className="affiliate-panel" aria-labelledby="partner-codes">
        <h2 id="partner-codes">Your codes</h2>
        <div className="affiliate-table-wrap" role="region" aria-label="Codes table" tabIndex={0}>
          <table className="affiliate-table" data-testid="partner-codes">
            <thead>
              <tr>
                <th scope="col">Alias</th>
                <th scope="col">Promo code</th>
                <th scope="col" className="numeric">
                  Sales
                </th>
                <th scope="col" className="numeric">
                  Earnings
                </th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.codes.map((code) => (
                <tr key={code.id} data-code={code.alias}>
                  <td>{code.alias}</td>
                  <td>{code.promocode}</td>
                  <td className="numeric">{code.months.reduce((n, m) => n + m.sales, 0)}</td>
                  <td className="numeric">{money(code.months.reduce((n, m) => n + m.earningsCents, 0))}</td>
                  <td>{code.isExpired ? 'Ended' : 'Active'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="affiliate-panel" aria-labelledby="partner-months">
        <h2 id="partner-months">Monthly earnings, all codes</h2>
        <div className="affiliate-table-wrap" role="region" aria-label="Summed months table" tabIndex={0}>
          <table className="affiliate-table" data-testid="partner-months">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col" className="numeric">
                  Sales
                </th>
                <th scope="col" className="numeric">
                  Earnings
                </th>
                {dashboard.codes.map((code) => (
                  <th key={code.id} scope="col" className="numeric">
                    {code.alias}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...dashboard.months].reverse().map((month) => (
                <tr key={month.month} data-month={month.month}>
                  <td>{month.month}</td>
                  <td className="numeric">{month.sales}</td>
                  <td className="numeric">{money(month.earningsCents)}</td>
                  {dashboard.codes.map((code) => (
                    <td key={code.id} className="numeric">
                      {money(code.months.find((m) => m.month === month.month)?.earningsCents ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
