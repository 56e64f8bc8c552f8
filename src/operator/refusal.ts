// The console's own words among the failures its flows hold (docs/architecture.md §Languages): a flow keeps a failed
// call's text as it came (the server's refusal, in the account's language); the one text the console writes itself,
// the 403's "This page is for Castbridge operators." (asOperator.ts), is worded in the screen's language. A plain
// function of the screen's `t`, not a hook: a component calls useMessages once, as its last hook.
import type { MessageValues } from '@/src/i18n/i18n';
import { OPERATORS_ONLY } from './asOperator';
import type { OperatorMessage } from './catalogue';

/** The `t` of a useMessages with operatorMessages. */
export type OperatorWords = (id: OperatorMessage, values?: MessageValues) => string;

/** A failure's text for the screen: the console's refusal worded, any other as it came; null for none. */
export function refusalText(t: OperatorWords, text: string | null): string | null {
  return text === OPERATORS_ONLY ? t('console.operatorsOnly') : text;
}
