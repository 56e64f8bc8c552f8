// CSV as every export writes it (docs/user-guide.md, the chat archive's exports): RFC 4180 rows, every cell quoted
// and its double quotes doubled, and any cell a spreadsheet could run as a formula made inert, following OWASP's
// CSV Injection guidance (https://owasp.org/www-community/attacks/CSV_Injection): a single quote goes in front of a
// cell
// - whose first character that is not white space is = + - @ or their full-width forms ＝ ＋ － ＠, or |
//   (spaces, tabs, no-break and ideographic spaces do not hide a formula),
// - that starts with a tab or a carriage return,
// - that holds a separator followed by one of those characters (`;=`, `,=`, `, @`…: a spreadsheet that splits the
//   row on `;` or `,` would start a cell there),
// - that holds a | anywhere (Dynamic Data Exchange: `cmd|' /C calc'!A0`).
// A cell that is only a plain negative number (-12 or -12.50) stays as it is, so figures read as numbers; it cannot
// run anything. Values that are not strings (numbers, booleans) are written as they are.

/** The characters that make a spreadsheet read a cell as a formula (and their full-width forms). */
const TRIGGER = '=+\\-@\uFF1D\uFF0B\uFF0D\uFF20';
const LEADING = new RegExp(`^\\s*[${TRIGGER}|]`);
const AFTER_SEPARATOR = new RegExp(`[;,]\\s*[${TRIGGER}]`);
const PLAIN_NEGATIVE = /^-\d+(\.\d+)?$/;

/** Whether `text` needs the leading single quote that keeps a spreadsheet from running it. */
export function looksLikeFormula(text: string): boolean {
  if (PLAIN_NEGATIVE.test(text)) return false;
  return /^[\t\r]/.test(text) || LEADING.test(text) || AFTER_SEPARATOR.test(text) || text.includes('|');
}

/** One cell: quoted, inner quotes doubled, a formula made inert; null is an empty cell. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '""';
  let text = String(value);
  if (typeof value === 'string' && looksLikeFormula(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One row, CRLF-terminated. */
export function csvRow(values: readonly (string | number | boolean | null)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
