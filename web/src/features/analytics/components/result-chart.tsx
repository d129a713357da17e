import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsChart, AnalyticsResult } from '@app/contracts';
import { cellText } from './result-table';

/** A line or bar chart of one result column (y, numeric) against another (x). */
export function ResultChart({
  result,
  chart,
  title,
}: {
  result: AnalyticsResult;
  chart: AnalyticsChart;
  title: string;
}) {
  const x = result.columns.findIndex((c) => c.name === chart.x);
  const y = result.columns.findIndex((c) => c.name === chart.y);
  if (x < 0 || y < 0) return <p className="analytics-note">Pick the chart's columns.</p>;
  const data = result.rows.map((row) => ({
    x: cellText(row[x]),
    y: typeof row[y] === 'number' ? row[y] : Number(row[y]),
  }));
  const ChartKind = chart.kind === 'line' ? LineChart : BarChart;
  return (
    <figure className="analytics-chart" aria-label={`${title}: ${chart.y} by ${chart.x}`}>
      <ResponsiveContainer width="100%" height={260}>
        <ChartKind data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="x" name={chart.x} />
          <YAxis name={chart.y} />
          <Tooltip />
          {chart.kind === 'line' ? (
            <Line
              type="monotone"
              dataKey="y"
              name={chart.y}
              stroke="var(--color-primary, #2563eb)"
              dot={false}
              isAnimationActive={false}
            />
          ) : (
            <Bar dataKey="y" name={chart.y} fill="var(--color-primary, #2563eb)" isAnimationActive={false} />
          )}
        </ChartKind>
      </ResponsiveContainer>
      <figcaption className="visually-hidden">
        {chart.y} by {chart.x}
      </figcaption>
    </figure>
  );
}
