// What the deliverables write for a person besides their refusals, in every language (server/http/texts.ts): why a
// row of a redemptions upload was left out, in the language of the page that uploaded it. The CSV's column names
// (order_id, code, amount, redeemed_at) and a code as the shop wrote it stay as they are.
import { defineTexts } from '../http/texts.ts';

export const deliverablesTexts = defineTexts('deliverables', {
  'csv.amount': {
    en: 'amount must be dollars, e.g. 49.99',
    'es-MX': 'amount debe estar en dólares, por ejemplo 49.99',
  },
  'csv.redeemedAtInvalid': {
    en: 'redeemed_at must be a date and time (ISO 8601)',
    'es-MX': 'redeemed_at debe ser una fecha y hora (ISO 8601)',
  },
  'csv.redeemedAtFuture': {
    en: 'redeemed_at must not be in the future',
    'es-MX': 'redeemed_at no puede estar en el futuro',
  },
  'csv.codeUnknown': {
    en: 'code {code} is not a code of this campaign',
    'es-MX': 'el código {code} no es de esta campaña',
  },
  // A column's check as the contract words it ("is required"), after the column's name.
  'csv.column': { en: '{column} {check}', 'es-MX': '{column}: {check}' },
});
