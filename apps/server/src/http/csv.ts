/** CSV as the console's exports write it (decision 166): a cell a spreadsheet never runs as a formula, and minor units as major. */

export const csvCell = (value: string): string => {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
};

/** Minor units as major units with two decimals, in integers: 123456 → 1234.56. */
export const majorUnits = (minor: number): string => {
  const sign = minor < 0 ? '-' : '';
  const whole = Math.abs(minor);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
};

/** A whole CSV file: a byte-order mark so a spreadsheet reads UTF-8, CRLF lines. */
export const csvFile = (header: readonly string[], rows: readonly (readonly string[])[]): string =>
  `\ufeff${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
