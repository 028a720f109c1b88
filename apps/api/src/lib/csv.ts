export type CsvValue = string | number | boolean | null | undefined | Date;

// Spreadsheet programs run a cell starting with one of these as a formula, so a visitor could
// plant `=HYPERLINK(...)` in a name or message; such cells are prefixed with a quote (OWASP).
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

// RFC 4180 with CRLF line ends and a byte-order mark, so Excel opens UTF-8 names correctly.
export function toCsv(header: string[], rows: CsvValue[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function attachmentName(prefix: string, extension: string, now = new Date()) {
  return `${prefix}-${now.toISOString().slice(0, 10)}.${extension}`;
}
