import { csvRecords, type CsvValue } from '@askwell/shared';

// With a byte-order mark, so Excel opens UTF-8 names correctly.
export function toCsv(header: string[], rows: CsvValue[][]): string {
  return `\uFEFF${csvRecords([header, ...rows])}`;
}

export function attachmentName(prefix: string, extension: string, now = new Date()) {
  return `${prefix}-${now.toISOString().slice(0, 10)}.${extension}`;
}
