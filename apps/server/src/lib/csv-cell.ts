/**
 * A spreadsheet runs a cell that starts like a formula (=, +, -, @, a tab or a carriage
 * return: OWASP's CSV injection list); names and titles come from outside, so such a cell gets
 * a leading apostrophe and stays text. A lead hidden behind spaces or separators counts too: a
 * spreadsheet that splits on `;` (or `|`, or trims spaces) reads `;=cmd` as a cell `=cmd`.
 * Every CSV the server writes casts its strings through this.
 */
export function formulaSafe(value: string): string {
  return /^[\s,;|]*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
