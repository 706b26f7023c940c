/**
 * A spreadsheet runs a cell that starts like a formula; names and titles come from outside,
 * so such a cell gets a leading apostrophe and stays text. Every CSV the server writes casts
 * its strings through this.
 */
export function formulaSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
