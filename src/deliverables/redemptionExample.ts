// The redemption key's how-to on the campaign page's Promo codes card: a shell command a shop's developer copies,
// the same in every language (a module of its own, not a view: nothing in it is a text a person reads as words).
import { endpoints } from '@/contract/endpoints';
import { API_HOST } from '@/src/config';

/** How a shop's server posts one redemption (POST /api/redemptions), with the key shown once. */
export function redemptionExample(key: string, code: string): string {
  const base = API_HOST || (typeof window === 'undefined' ? '' : window.location.origin);
  return [
    `curl -X POST ${base}${endpoints.postRedemption.path} \\`,
    `  -H 'Authorization: Bearer ${key}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"orderId": "1001", "code": "${code}", "amountCents": 4999}'`,
  ].join('\n');
}
