// CSV as the exports write it (conversations and leads on the server, analytics in the browser):
// RFC 4180 fields and CRLF record ends.

export type CsvValue = string | number | boolean | null | undefined | Date;

// A spreadsheet runs a cell that starts with one of these as a formula, so a visitor could plant
// `=HYPERLINK(...)` in a name, message or question; such text gets a leading quote (OWASP). A
// number we wrote is not a formula, so only text is guarded.
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && !Number.isFinite(value)) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

// Records end with CRLF, as RFC 4180 asks. Files start with a byte-order mark where they are
// written, so Excel reads UTF-8 names correctly.
export function csvRecords(rows: CsvValue[][]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
