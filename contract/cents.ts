// Money is integer cents (USD); this is how a sum is written, on the server's messages and every screen
// (src/common/format.ts). A module of its own, so that a screen formatting money loads nothing else of the contract.

/** "$1,234.50" from integer cents (USD). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  const rest = abs % 100;
  return `${sign}$${dollars}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}
