// The placeholder for invoked callback actors (subscriptions that send events back: an event stream, the live hub),
// apart from ./placeholders.ts so that the entry chunk, which needs only promise placeholders, stays small.
import { fromCallback, type CallbackActorLogic, type EventObject } from 'xstate';
import { PLACEHOLDER } from './placeholders';

/** An invoked callback actor (a subscription that sends events back: an event stream, a hub) implemented in src/services. */
export function listener<TInput = void>(name: string): CallbackActorLogic<EventObject, TInput> {
  const logic = fromCallback<EventObject, TInput>(() => {
    throw new Error(`Actor "${name}" was not provided; give it with machine.provide({ actors })`);
  });
  return Object.assign(logic, { [PLACEHOLDER]: name });
}
