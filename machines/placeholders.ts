// Placeholders for the effects a machine names but does not implement. The app gives the real ones
// with machine.provide(); a missing wiring fails loudly instead of silently doing nothing.
import { fromPromise, type PromiseActorLogic } from 'xstate';

export const PLACEHOLDER = Symbol.for('castbridge.placeholder');

export type Placeholder = { readonly [PLACEHOLDER]: string };

/** An action whose real implementation comes from src/ (navigation, storage, logging…). */
export function effect<TParams = undefined>(name: string): (_args: unknown, _params: TParams) => void {
  const action = () => {
    throw new Error(`Action "${name}" was not provided; give it with machine.provide({ actions })`);
  };
  return Object.assign(action, { [PLACEHOLDER]: name });
}

/** An invoked actor whose real implementation comes from src/services (HTTP, Firebase, timers…). */
export function service<TOutput, TInput = void>(name: string): PromiseActorLogic<TOutput, TInput> {
  const logic = fromPromise<TOutput, TInput>(async () => {
    throw new Error(`Actor "${name}" was not provided; give it with machine.provide({ actors })`);
  });
  return Object.assign(logic, { [PLACEHOLDER]: name });
}

export function isPlaceholder(value: unknown): value is Placeholder {
  return (typeof value === 'function' || (typeof value === 'object' && value !== null)) && PLACEHOLDER in value;
}
