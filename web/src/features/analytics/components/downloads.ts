import type { AnalyticsResult } from '@app/contracts';
import { cellText } from './result-table';

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export function resultAsCsv(result: AnalyticsResult): string {
  const lines = [result.columns.map((c) => c.name), ...result.rows.map((row) => row.map(cellText))];
  return `${lines.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** One object per row, keyed by column name. */
export function resultAsJson(result: AnalyticsResult): string {
  const rows = result.rows.map((row) => Object.fromEntries(result.columns.map((c, i) => [c.name, row[i]])));
  return JSON.stringify(rows, null, 2);
}

export function download(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
