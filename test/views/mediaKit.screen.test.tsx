// The creator's Media kit (docs/product.md §Discovery and negotiation), replayed along mediaKit's recorded paths on
// the real screen: the handle typed, Save handle, the Publish switch, Copy link, Try again, or the API answering;
// after every step the screen shows what its state says (the spinner, the refusal with Try again, the page's form
// with its check, refusal or notice, or the form waiting while it saves).
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { MediaKit, MediaKitUpdate } from '@/contract';
import { HANDLE_RULE, handleProblem, normaliseHandle } from '@/contract/mediaKit';
import { mediaKitMachine } from '@/machines/marketplace/mediaKit.machine';
import { MediaKitScreen } from '@/src/marketplace/MediaKit';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const NOTICES = {
  published: 'Your media kit is published: brands find you in search and can open your page.',
  unpublished: 'Your media kit is unpublished: the page and your listing in brand search are gone.',
  saved: 'Saved.',
} as const;

const handle = () => screen.getByLabelText('Handle');
const saveButton = () => screen.getByRole('button', { name: 'Save handle' });
const publish = () => screen.getByRole('switch', { name: 'Publish my media kit' });
const page = () => within(screen.getByRole('region', { name: 'Your public page' }));

interface Seen {
  settled: { load: number; save: number };
  kit: MediaKit | null;
  handle: string;
  problem: string | null;
  error: string | null;
  pending: MediaKitUpdate | null;
  notice: keyof typeof NOTICES | null;
  copied: boolean;
}

walkScreens('mediaKit', {
  mount() {
    const load = controlled<MediaKit>();
    const save = controlled<MediaKit, MediaKitUpdate>();
    renderScreen(
      <MediaKitScreen
        logic={mediaKitMachine.provide({ actors: { loadMediaKit: load.logic, saveMediaKit: save.logic } })}
      />,
      { path: '/media-kit', jwt: 'creator.jwt' },
    );
    /** What the screen was told so far: the kit saved, the handle typed, its check, the last refusal or notice. */
    const seen: Seen = {
      settled: { load: 0, save: 0 },
      kit: null,
      handle: '',
      problem: null,
      error: null,
      pending: null,
      notice: null,
      copied: false,
    };
    /** Save handle and the switch: sent when the handle passes its check, else the check is shown. */
    const send = (published: boolean) => {
      if (handleProblem(seen.handle) === null) {
        seen.pending = { handle: normaliseHandle(seen.handle), published };
        seen.problem = null;
        seen.error = null;
        seen.copied = false;
      } else seen.problem = handleProblem(seen.handle);
      seen.notice = null;
    };
    return {
      load,
      save,
      seen,
      gestures: {
        'kit.retry': () => {
          seen.error = null;
          fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        },
        'handle.change': ({ value }) => {
          seen.handle = value;
          seen.notice = null;
          seen.copied = false;
          seen.error = null;
          if (seen.problem) seen.problem = handleProblem(value);
          fireEvent.change(handle(), { target: { value } });
        },
        'kit.save': () => {
          send(seen.kit!.published);
          fireEvent.click(saveButton());
        },
        // The switch shows what is saved: a click asks for the other.
        'kit.publish': ({ published }) => {
          expect(publish()).toHaveAttribute('aria-checked', String(!published));
          send(published);
          fireEvent.click(publish());
        },
        // Copy link shows once the page is published; before, there is nothing to copy and nothing changes.
        'url.copy': () => {
          const copy = screen.queryByRole('button', { name: 'Copy link' });
          if (copy) fireEvent.click(copy);
          seen.copied = true;
        },
        'xstate.done.actor.loadMediaKit': async ({ output }) => {
          seen.kit = output;
          seen.handle = output.handle;
          seen.error = null;
          seen.problem = null;
          seen.settled.load += 1;
          await load.resolve(output);
        },
        'xstate.error.actor.loadMediaKit': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.settled.load += 1;
          await load.reject(error);
        },
        'xstate.done.actor.saveMediaKit': async ({ output }) => {
          const was = seen.kit?.published ?? false;
          seen.notice = output.published !== was ? (output.published ? 'published' : 'unpublished') : 'saved';
          seen.kit = output;
          seen.handle = output.handle;
          seen.error = null;
          seen.problem = null;
          seen.pending = null;
          seen.settled.save += 1;
          await save.resolve(output);
        },
        'xstate.error.actor.saveMediaKit': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.pending = null;
          seen.settled.save += 1;
          await save.reject(error);
        },
      },
    };
  },
  states: {
    // The spinner alone under the heading: the kit is being read.
    loading: ({ load, save, seen }) => {
      expect(screen.getByRole('heading', { level: 1, name: 'Media kit' })).toBeInTheDocument();
      expect(screen.getByText('Loading media kit').closest('[role="status"]')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Handle')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled.load + 1);
      expect(save.started).toBe(seen.settled.save);
    },
    // The kit could not be read: why, and Try again; no form.
    failed: ({ load, seen }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The media kit could not be loaded');
      expect(alert).toHaveTextContent(seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText('Loading media kit')).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Handle')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled.load);
    },
    // The page's form, free: the handle as typed with its rule or its check, the switch as saved, the server's
    // refusal or what the last save did, the address once published; nothing is being sent.
    editing: ({ load, save, seen }) => {
      kitScreen(seen, false);
      expect(saveButton()).not.toHaveAttribute('aria-busy');
      expect(handle()).toHaveAccessibleDescription(seen.problem ?? HANDLE_RULE);
      if (seen.problem) expect(handle()).toHaveAttribute('aria-invalid', 'true');
      else expect(handle()).not.toHaveAttribute('aria-invalid');
      expect(
        page()
          .queryAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toEqual(seen.error ? [seen.error] : []);
      for (const [notice, text] of Object.entries(NOTICES)) {
        if (notice === seen.notice) expect(page().getByText(text)).toBeInTheDocument();
        else expect(page().queryByText(text)).not.toBeInTheDocument();
      }
      const live = seen.kit!.published && seen.kit!.saved;
      if (live) {
        expect(screen.getByTestId('media-kit-url')).toHaveTextContent(`/c/${seen.kit!.handle}`);
        expect(page().getByRole('button', { name: 'Copy link' })).toBeEnabled();
        const statuses = page()
          .queryAllByRole('status')
          .map((status) => status.textContent);
        expect(statuses.includes('Link copied.')).toBe(seen.copied);
      } else {
        expect(page().getByText('Not published: nobody but you sees this page.')).toBeInTheDocument();
        expect(page().queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
      }
      expect(load.started).toBe(seen.settled.load);
      expect(save.started).toBe(seen.settled.save);
    },
    // The handle and the switch's choice are on their way: the field, Save handle and the switch wait, the switch
    // showing what is being saved.
    saving: ({ save, seen }) => {
      kitScreen(seen, true);
      expect(saveButton()).toHaveAttribute('aria-busy', 'true');
      expect(page().queryByRole('alert')).not.toBeInTheDocument();
      for (const text of Object.values(NOTICES)) expect(page().queryByText(text)).not.toBeInTheDocument();
      expect(save.started).toBe(seen.settled.save + 1);
      expect(save.inputs.at(-1)).toEqual(seen.pending);
    },
  },
});

/** The loaded kit: the handle as typed, the switch (what is being saved, else what is saved), the preview. */
function kitScreen(seen: Seen, saving: boolean) {
  expect(screen.queryByText('Loading media kit')).not.toBeInTheDocument();
  expect(screen.queryByText('The media kit could not be loaded')).not.toBeInTheDocument();
  expect(handle()).toHaveValue(seen.handle);
  expect(handle()).toHaveProperty('disabled', saving);
  expect(saveButton()).toHaveProperty('disabled', saving);
  expect(publish()).toHaveProperty('disabled', saving);
  const published = saving ? seen.pending!.published : seen.kit!.published;
  expect(publish()).toHaveAttribute('aria-checked', String(published));
  const preview = within(screen.getByRole('region', { name: 'What brands see' }));
  expect(preview.getByText(seen.kit!.facts.displayName, { selector: 'p' })).toBeInTheDocument();
}
