// The view tests' harness: a screen rendered as the app renders it (a memory router and the session provider, the
// session's effects recorded or inert), promise actors the test settles inside act, and the driver that performs a
// generated path's events through a gesture table typed by the machine (a missing gesture does not compile).
import { act, getConfig, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fromPromise, type ActorRefFrom, type AnyStateMachine, type EventObject } from 'xstate';
import { sessionMachine } from '@/machines/accounts/session.machine';
import type { User } from '@/machines/types';
import { SessionContext } from '@/src/app/session';
import { UiWords } from '@/src/common/UiWords';
import { controlled as controlledActor } from '@/test/machines/controlled';
import { eventKey, type PathEvent, type PathEventType } from '@/machines/events';

type SessionRef = ActorRefFrom<typeof sessionMachine>;

/**
 * A promise-actor logic the test settles itself (each input recorded); `resolve` and `reject` run inside act, once
 * the screen's flow has invoked it: a screen may show its loading text a render before its actor starts (a busy
 * machine once settled one before it was called).
 */
export function controlled<TOutput, TInput = void>() {
  const actor = controlledActor<TOutput, TInput>({ settle: (run) => act(async () => run()) });
  // As long as Testing Library's own waits (its asyncUtilTimeout, set in test/views/setup.ts): vi.waitFor's default
  // second ran out for a Spanish screen whose catalogue loaded first on a loaded machine.
  const invoked = () =>
    vi.waitFor(
      () => {
        if (actor.started === 0) throw new Error('The controlled actor has not been invoked yet');
      },
      { timeout: getConfig().asyncUtilTimeout },
    );
  return {
    logic: actor.logic,
    inputs: actor.inputs,
    get started() {
      return actor.started;
    },
    resolve: async (value: TOutput) => {
      await invoked();
      await actor.resolve(value);
    },
    reject: async (error: unknown) => {
      await invoked();
      await actor.reject(error);
    },
  };
}

function Where() {
  const { pathname, hash } = useLocation();
  return <output data-testid="location">{pathname + hash}</output>;
}

function CaptureSession({ onRef }: { onRef: (ref: SessionRef) => void }) {
  onRef(SessionContext.useActorRef());
  return null;
}

export interface ScreenOptions {
  /** The route the element is mounted at (and the initial location); every other path renders "Elsewhere". */
  path?: string;
  /** The session's stored jwt: a string starts signed in, null (the default) signed out. */
  jwt?: string | null;
  /** The initial address when it differs from `path` (a query string, say). */
  url?: string;
}

/**
 * Renders `element` inside a memory router and a session actor. The session's storage, navigation and logging are
 * inert; its sign-ins are recorded; GET /api/user stays pending (screens under test read what they need themselves).
 */
export function renderScreen(element: ReactNode, { path = '/', jwt = null, url = path }: ScreenOptions = {}) {
  const signIns: string[] = [];
  let session: SessionRef | undefined;
  const logic = sessionMachine.provide({
    actions: {
      storeSession: ({ event }) => {
        if (event.type === 'session.signIn') signIns.push(event.token);
      },
      storeToken: () => {},
      clearStorage: () => {},
      navigateHome: () => {},
      logError: () => {},
    },
    actors: { loadUser: fromPromise<User, { jwt: string }>(() => new Promise(() => {})) },
  });
  const utils = render(
    <MemoryRouter initialEntries={[url]}>
      <SessionContext.Provider logic={logic} options={{ input: { jwt } }}>
        <CaptureSession onRef={(ref) => (session = ref)} />
        {/* The shared components' words in the page's language, as the app gives them (src/app/App.tsx). */}
        <UiWords>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
        </UiWords>
        <Where />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  return {
    ...utils,
    /** The session actor, for its context (holds, user). */
    session: () => session!,
    /** Tokens the screen handed to the session, in order. */
    signIns,
    location: () => utils.getByTestId('location').textContent,
  };
}

/**
 * How a view test produces each event a path of machine `M` can carry: a click, typed text, settling an actor,
 * waiting out a delay. Write the table as `{ … } satisfies Gestures<typeof machine>`.
 */
export type Gestures<M extends AnyStateMachine> = { [K in PathEventType<M>]: (event: PathEvent<M, K>) => unknown };

/** Performs a path's events in order through the gesture table (delayed events by `xstate.after.<delay>`). */
export async function perform(
  gestures: Record<string, (event: never) => unknown>,
  events: readonly EventObject[],
): Promise<void> {
  for (const event of events) {
    const gesture = gestures[eventKey(event.type)] as ((event: EventObject) => unknown) | undefined;
    if (!gesture) throw new Error(`No gesture for ${event.type}`);
    await gesture(event);
  }
}
