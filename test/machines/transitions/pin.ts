// Hand-pinned transitions (as Expensify's validateCodeTransition.test.ts does): each test states a transition's
// source, event and target by hand and checks them on a live actor. Generated paths assert what the machine
// itself produced, so they cannot catch a transition pointed at the wrong state; these can. The coverage check
// compares the pinned set with `listTransitions(machine)`, so a transition added without a pinned test fails.
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { eventKey, type PathEventType } from '@/machines/events';
import { listTransitions } from '../paths';

export interface Transition<M extends AnyStateMachine> {
  /** The source state node's id, e.g. `session.signedIn.idle` (the machine's root is its id). */
  from: string;
  /** The event type; `always` for an eventless transition, `xstate.after.<delay>` for a delayed one. */
  on: PathEventType<M> | 'always';
  /** The guard of a guarded branch; leave it out for the default branch. */
  guard?: string;
  /** The target state node's id; null for a transition without a target (actions only). */
  to: string | null;
}

function describeTransition(t: { from: string; on: string; guard?: string | undefined; to: string | null }): string {
  return `${t.from} --${eventKey(t.on)}${t.guard ? ` [${t.guard}]` : ''}--> ${t.to ?? '(no target)'}`;
}

/**
 * `pin(transition, what, test)` declares one hand-pinned test; `pinsEveryTransition()` adds the test that the
 * pinned transitions are exactly the machine's.
 */
export function pinTransitions<M extends AnyStateMachine>(machine: M) {
  const pinned = new Set<string>();
  return {
    pin(transition: Transition<M>, what: string, test: () => void | Promise<void>) {
      const name = describeTransition(transition);
      pinned.add(name);
      it(`${name}: ${what}`, test);
    },
    pinsEveryTransition() {
      describe('coverage', () => {
        it(`pins every transition of "${machine.id}" by hand, and only those`, () => {
          const actual = listTransitions(machine).map((t) =>
            describeTransition({
              from: t.source,
              on: t.event === '(always)' ? 'always' : t.event,
              guard: t.guard,
              to: t.target === '(self)' ? null : t.target,
            }),
          );
          const missing = actual.filter((t) => !pinned.has(t));
          const stale = [...pinned].filter((t) => !actual.includes(t));
          expect(
            { missing, stale },
            'transitions without a pinned test (missing) and pins the machine lacks (stale)',
          ).toEqual({ missing: [], stale: [] });
        });
      });
    },
  };
}
