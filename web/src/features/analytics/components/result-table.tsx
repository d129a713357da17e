import { useMemo, useState } from 'react';
import type { AnalyticsResult } from '@app/contracts';
import { Button } from '@/shared/ui/button';

type Sort = { column: number; descending: boolean } | null;

export const cellText = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return cellText(a).localeCompare(cellText(b), undefined, { numeric: true });
}

/** The result as a table: a click on a heading sorts by it (again: the other way); Copy puts it on the clipboard as TSV. */
export function ResultTable({ result, caption }: { result: AnalyticsResult; caption: string }) {
  const [sort, setSort] = useState<Sort>(null);
  const [copied, setCopied] = useState(false);
  const rows = useMemo(() => {
    if (!sort) return result.rows;
    const sorted = [...result.rows].sort((a, b) => compare(a[sort.column], b[sort.column]));
    return sort.descending ? sorted.reverse() : sorted;
  }, [result.rows, sort]);

  const handleSort = (column: number) =>
    setSort((current) => ({ column, descending: current?.column === column ? !current.descending : false }));

  const handleCopy = async () => {
    const lines = [result.columns.map((c) => c.name), ...rows.map((row) => row.map(cellText))];
    await navigator.clipboard.writeText(lines.map((line) => line.join('\t')).join('\n'));
    setCopied(true);
  };

  return (
    <div className="analytics-table">
      <div className="analytics-table__tools">
        <Button variant="secondary" onClick={() => void handleCopy()}>
          {copied ? 'Copied' : 'Copy table'}
        </Button>
      </div>
      <div className="table-card" role="region" aria-label={caption} tabIndex={0}>
        <table className="analytics-grid">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {result.columns.map((column, i) => (
                <th
                  key={`${column.name}-${i}`}
                  scope="col"
                  aria-sort={sort?.column === i ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                >
                  <button type="button" className="analytics-grid__sort" onClick={() => handleSort(i)}>
                    <span>{column.name}</span>
                    <span className="analytics-grid__type">{column.type}</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, 1000).map((row, r) => (
              <tr key={r}>
                {row.map((value, i) => (
                  <td key={i} className={typeof value === 'number' ? 'numeric' : undefined}>
                    {cellText(value)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > 1000 ? (
        <p className="analytics-note">
          The first 1,000 of {rows.length.toLocaleString('en')} rows are shown; downloads hold them all.
        </p>
      ) : null}
    </div>
  );
}
