// The creator's Media kit screen (docs/product.md §Discovery and negotiation): the kit loads (GET /api/media-kit: the handle or a
// suggestion, whether it is published, the public facts brands see); the handle is checked here first (3–30 lower-case
// letters, digits, underscores) and saved with Save, the Publish switch saves at once (PUT /api/media-kit); a refusal
// (a taken handle, a bad one) keeps what was typed and says why; Copy writes the public page's address.
import { assign, setup } from 'xstate';
import type { MediaKit } from '@/contract';
import { handleProblem, normaliseHandle } from '@/contract/mediaKit';
import { errorText } from '../messages';
import { effect, service } from '../placeholders';

export interface MediaKitContext {
  /** What the server last answered. */
  kit: MediaKit | null;
  /** The handle being typed. */
  handle: string;
  /** The handle's own check, once Save or Publish was pressed: it breaks the handle's rule (the screen words it). */
  problem: HandleProblem | null;
  /** Why loading failed, or the server's refusal of a save. */
  error: string | null;
  /** What is being saved. */
  pending: { handle: string; published: boolean } | null;
  /** What the last successful save did, until the next change. */
  notice: 'published' | 'unpublished' | 'saved' | null;
  /** The page's address was just copied. */
  copied: boolean;
}

export type MediaKitEvent =
  | { type: 'kit.retry' }
  | { type: 'handle.change'; value: string }
  | { type: 'kit.save' }
  | { type: 'kit.publish'; published: boolean }
  | { type: 'url.copy' };

/** What is wrong with a handle, as an id (machines stay language-free). */
export type HandleProblem = 'handleRule';

/** The handle's check: null when it is a valid one. */
const handleCheck = (handle: string): HandleProblem | null => (handleProblem(handle) === null ? null : 'handleRule');

const loaded = (kit: MediaKit) => ({ kit, handle: kit.handle, error: null, problem: null });

export const mediaKitMachine = setup({
  types: { context: {} as MediaKitContext, events: {} as MediaKitEvent },
  actors: {
    loadMediaKit: service<MediaKit>('loadMediaKit'),
    /** PUT /api/media-kit → the kit as saved. */
    saveMediaKit: service<MediaKit, { handle: string; published: boolean }>('saveMediaKit'),
  },
  actions: {
    /** Writes the public page's address (this site's origin + /c/<handle>) to the clipboard. */
    copyUrl: effect<{ handle: string }>('copyUrl'),
  },
  guards: {
    handleOk: ({ context }) => handleCheck(context.handle) === null,
  },
}).createMachine({
  id: 'mediaKit',
  context: { kit: null, handle: '', problem: null, error: null, pending: null, notice: null, copied: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMediaKit',
        src: 'loadMediaKit',
        onDone: { target: 'editing', actions: assign(({ event }) => loaded(event.output)) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'kit.retry': { target: 'loading', actions: assign({ error: null }) } } },
    editing: {
      on: {
        'handle.change': {
          actions: assign(({ context, event }) => ({
            handle: event.value,
            notice: null,
            copied: false,
            error: null,
            problem: context.problem ? handleCheck(event.value) : null,
          })),
        },
        'kit.save': [
          {
            guard: 'handleOk',
            target: 'saving',
            actions: assign(({ context }) => ({
              pending: { handle: normaliseHandle(context.handle), published: context.kit?.published ?? false },
              problem: null,
              error: null,
              notice: null,
              copied: false,
            })),
          },
          { actions: assign({ problem: ({ context }) => handleCheck(context.handle), notice: null }) },
        ],
        'kit.publish': [
          {
            guard: 'handleOk',
            target: 'saving',
            actions: assign(({ context, event }) => ({
              pending: { handle: normaliseHandle(context.handle), published: event.published },
              problem: null,
              error: null,
              notice: null,
              copied: false,
            })),
          },
          { actions: assign({ problem: ({ context }) => handleCheck(context.handle), notice: null }) },
        ],
        'url.copy': {
          actions: [
            { type: 'copyUrl', params: ({ context }) => ({ handle: context.kit!.handle }) },
            assign({ copied: true }),
          ],
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveMediaKit',
        src: 'saveMediaKit',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            ...loaded(event.output),
            pending: null,
            notice:
              event.output.published !== (context.kit?.published ?? false)
                ? event.output.published
                  ? ('published' as const)
                  : ('unpublished' as const)
                : ('saved' as const),
          })),
        },
        // Refused (a taken or bad handle) or lost: the typed handle stays, the switch shows what is saved.
        onError: {
          target: 'editing',
          actions: assign({ pending: null, error: ({ event }) => errorText(event.error) }),
        },
      },
    },
  },
});
