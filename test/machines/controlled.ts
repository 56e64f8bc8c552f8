// A promise-actor logic the test settles itself: it records each input and resolves or rejects the latest call
// when told. Machine tests use it as is; view tests get it wrapped in React's act (test/views/harness.tsx).
import { fromPromise, type InspectionEvent } from 'xstate';

export interface ControlledOptions {
  /** Runs a settlement and waits until the machine has taken it; by default a few microtasks. */
  settle?: (run: () => void) => Promise<void>;
}

/** Lets the promise's callbacks and the actor's done or error event through (no timers, so fake ones do not stall it). */
export async function flushMicrotasks(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await Promise.resolve();
}

async function settleNow(run: () => void): Promise<void> {
  run();
  await flushMicrotasks();
}

export function controlled<TOutput, TInput = void>({ settle = settleNow }: ControlledOptions = {}) {
  const inputs: TInput[] = [];
  let pending: { resolve: (value: TOutput) => void; reject: (error: unknown) => void } | undefined;
  const logic = fromPromise<TOutput, TInput>(({ input }) => {
    inputs.push(input);
    return new Promise<TOutput>((resolve, reject) => {
      pending = { resolve, reject };
    });
  });
  const latest = () => {
    if (!pending) throw new Error('The controlled actor has not been invoked yet');
    return pending;
  };
  return {
    logic,
    /** Every input it was invoked with, oldest first. */
    inputs,
    /** How many times it was invoked. */
    get started() {
      return inputs.length;
    },
    /** Resolves the latest invocation and waits for the machine to take it. */
    resolve: (value: TOutput) => settle(() => latest().resolve(value)),
    /** Rejects the latest invocation and waits for the machine to take it. */
    reject: (error: unknown) => settle(() => latest().reject(error)),
  };
}

export type Controlled<TOutput, TInput = void> = ReturnType<typeof controlled<TOutput, TInput>>;

/**
 * The events a flow itself receives, by type (the names its pinned transitions are on; a child's events are left out):
 * pass `inspect` to createActor. A pin that reads them fails where a mutant renames an invoke, so its done or error
 * event is no longer the one the flow takes.
 */
export function receivedEvents(): { received: string[]; inspect: (inspection: InspectionEvent) => void } {
  const received: string[] = [];
  return {
    received,
    inspect: (inspection) => {
      if (inspection.type === '@xstate.event' && inspection.actorRef.sessionId === inspection.rootId)
        received.push(inspection.event.type);
    },
  };
}
