// An offer's thread (docs/product.md §Offers, threads, notifications "Threads"), replayed along thread's recorded paths
// on the real campaign page: the advertiser opens the sample offer's messages (Ana García's); live news of the offer
// reads the thread again.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { CampaignAction } from '@/contract/marketplace';
import type { AdvertiserChecklist, Campaign, Offer, ThreadMessage } from '@/contract';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignControlsMachine, type LaunchFunds } from '@/machines/marketplace/campaignControls.machine';
import { campaignDetailMachine, type CampaignDetail } from '@/machines/marketplace/campaignDetail.machine';
import { deliveryConfirmMachine } from '@/machines/marketplace/deliveryConfirm.machine';
import { sampleCampaign, sampleOffer } from '@/machines/marketplace/samples';
import {
  mergeEarlier,
  mergeNewest,
  messageProblem,
  threadMachine,
  type ThreadPage,
} from '@/machines/marketplace/thread.machine';
import { sampleNotification } from '@/machines/notifications/samples';
import { publishLive } from '@/src/notifications/liveHub';
import { CampaignPageScreen } from '@/src/marketplace/CampaignPage';
import { controlled, renderScreen, type Gestures } from './harness';
import { problemInEnglish } from './offerDialogsTexts';
import { walkScreens } from './screens';

type PageInput = { offerId: string; before: string | null };

const TITLE = `Conversation with ${sampleOffer.creator!.name}`;
const dialog = () => screen.getByRole('dialog', { name: TITLE });
const bodies = () => {
  const list = within(dialog()).queryByRole('list', { name: 'Messages' });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelectorAll('p')[1]?.textContent)
    : [];
};
const composer = () => within(dialog()).getByLabelText('Message');
const send = () => within(dialog()).getByRole('button', { name: 'Send' });
const earlierButton = () => within(dialog()).queryByRole('button', { name: 'Load earlier messages' });
/** Opens the offer's messages from its card. */
const open = () =>
  fireEvent.click(
    within(screen.getByRole('listitem', { name: sampleOffer.creator!.name })).getByRole('button', {
      name: `Messages (${sampleOffer.messageCount})`,
    }),
  );

/** An actor's end the flow has no transition for: no recorded path carries it, so no one can produce it. */
const unhandled = (type: string) => () => {
  throw new Error(`${type} is handled nowhere in the flow: no recorded path carries it`);
};

async function mount(input: unknown) {
  expect(input).toEqual({ offerId: sampleOffer.id });
  const load = controlled<CampaignDetail, { id: string }>();
  const newest = controlled<ThreadPage, PageInput>();
  const earlier = controlled<ThreadPage, PageInput>();
  const post = controlled<ThreadMessage, { offerId: string; body: string }>();
  renderScreen(
    <CampaignPageScreen
      logic={{
        checklist: advertiserChecklistMachine.provide({
          actors: { loadChecklist: controlled<AdvertiserChecklist>().logic },
        }),
        detail: campaignDetailMachine.provide({ actors: { loadCampaignDetail: load.logic } }),
        controls: campaignControlsMachine.provide({
          actors: {
            runCampaignAction: controlled<Campaign, { id: string; action: CampaignAction }>().logic,
            loadBalance: controlled<LaunchFunds>().logic,
          },
        }),
        thread: threadMachine.provide({
          actors: { loadMessages: newest.logic, loadEarlier: earlier.logic, postMessage: post.logic },
        }),
        delivery: deliveryConfirmMachine.provide({
          actors: { confirmDelivery: controlled<Offer, { offerId: string }>().logic },
        }),
      }}
    />,
    { path: '/campaigns/:id', url: '/campaigns/cmp_1', jwt: 'advertiser.jwt' },
  );
  await load.resolve({ campaign: { ...sampleCampaign, status: 'active' }, offers: [sampleOffer] });
  await act(async () => {
    await import('@/src/marketplace/ThreadDialog');
  });
  open();
  await screen.findByRole('dialog', { name: TITLE });
  /** What the thread shows and holds: messages, cursor, composer, checks and failures; the requests ended. */
  const fresh = () => ({
    /** The first read answered (the thread shows its messages). */
    ready: false,
    messages: [] as ThreadMessage[],
    earlier: null as string | null,
    draft: '',
    draftError: null as string | null,
    error: null as string | null,
    earlierError: null as string | null,
    /** News came while a message or an earlier page was read: the newest page is read once it is in. */
    stale: false,
  });
  const seen = { ...fresh(), settled: { newest: 0, earlier: 0, post: 0 } };
  return {
    newest,
    earlier,
    post,
    seen,
    gestures: {
      // The live feed runs for the thread's life; its end is no event of the flow.
      'xstate.done.actor.liveFeed': unhandled('xstate.done.actor.liveFeed'),
      'xstate.error.actor.liveFeed': unhandled('xstate.error.actor.liveFeed'),
      // Nothing in the app sends a message this way (live news reads the thread again instead): nothing to do.
      'message.received': () => {},
      // Try again after a failed read; once read, closing the conversation and opening it again reads it anew.
      'thread.reload': async () => {
        const retry = within(dialog()).queryByRole('button', { name: 'Try again' });
        if (retry) {
          fireEvent.click(retry);
          return;
        }
        fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
        Object.assign(seen, fresh());
        open();
        await screen.findByRole('dialog', { name: TITLE });
      },
      'thread.loadEarlier': () => {
        seen.earlierError = null;
        fireEvent.click(earlierButton()!);
      },
      // Live news of the offer (a notification naming it); a read of the newest page under way restarts.
      'thread.refresh': () => {
        if (newest.started > seen.settled.newest) seen.settled.newest += 1;
        if (earlier.started > seen.settled.earlier || post.started > seen.settled.post) seen.stale = true;
        act(() => publishLive({ ...sampleNotification(8), type: 'thread.message', offerId: sampleOffer.id }));
      },
      'message.change': ({ value }) => {
        seen.draft = value;
        if (seen.draftError) seen.draftError = problemInEnglish(messageProblem(value));
        fireEvent.change(composer(), { target: { value } });
      },
      'message.send': () => {
        seen.draftError = problemInEnglish(messageProblem(seen.draft));
        if (!seen.draftError) seen.error = null;
        fireEvent.click(send());
      },
      'xstate.done.actor.loadMessages': async ({ output }) => {
        seen.settled.newest += 1;
        Object.assign(
          seen,
          seen.ready ? mergeNewest(seen, output) : { messages: output.messages, earlier: output.earlier, error: null },
          { ready: true },
        );
        await newest.resolve(output);
      },
      'xstate.error.actor.loadMessages': async ({ error }) => {
        seen.settled.newest += 1;
        // The first read fails with the server's message; a background read keeps what is shown and says nothing.
        if (!seen.ready) seen.error = (error as Error).message;
        await newest.reject(error);
      },
      'xstate.done.actor.loadEarlier': async ({ output }) => {
        seen.settled.earlier += 1;
        Object.assign(seen, mergeEarlier(seen.messages, output), { stale: false });
        await earlier.resolve(output);
      },
      'xstate.error.actor.loadEarlier': async ({ error }) => {
        seen.settled.earlier += 1;
        Object.assign(seen, { earlierError: (error as Error).message, stale: false });
        await earlier.reject(error);
      },
      'xstate.done.actor.postMessage': async ({ output }) => {
        seen.settled.post += 1;
        Object.assign(seen, { messages: [...seen.messages, output], draft: '', stale: false });
        await post.resolve(output);
      },
      'xstate.error.actor.postMessage': async ({ error }) => {
        seen.settled.post += 1;
        Object.assign(seen, { error: (error as Error).message, stale: false });
        await post.reject(error);
      },
    } satisfies Gestures<typeof threadMachine>,
  };
}

/** What the checks read: the mounted screen. */
type Screen = Awaited<ReturnType<typeof mount>>;

const states = (() => {
  /** The messages shown, "Load earlier messages" while there are, the earlier page's failure. */
  const shown = ({ seen }: Screen) => {
    expect(within(dialog()).queryByText('Loading messages')).not.toBeInTheDocument();
    expect(bodies()).toEqual(seen.messages.map((message) => message.body));
    if (seen.earlier) expect(earlierButton()).toBeInTheDocument();
    else expect(earlierButton()).not.toBeInTheDocument();
    const failures = within(dialog())
      .queryAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(failures).toEqual([seen.earlierError, seen.error].filter(Boolean));
  };
  /** The composer with the draft and its check, usable. */
  const writable = ({ seen }: Screen) => {
    expect(composer()).toBeEnabled();
    expect(composer()).toHaveValue(seen.draft);
    if (seen.draftError) expect(composer()).toHaveAccessibleDescription(expect.stringContaining(seen.draftError));
    else expect(composer()).not.toHaveAttribute('aria-invalid', 'true');
    expect(send()).toBeEnabled();
    expect(send()).not.toHaveAttribute('aria-busy');
  };
  const noRequests = (m: Screen, except: 'newest' | 'earlier' | 'post' | null) => {
    for (const name of ['newest', 'earlier', 'post'] as const)
      expect(m[name].started).toBe(m.seen.settled[name] + (name === except ? 1 : 0));
  };
  return {
    // The first read of the newest page: its spinner; nothing to write in yet (a failed read's message stays under
    // the composer while it is tried again).
    loading: (m: Screen) => {
      expect(within(dialog()).getByText('Loading messages')).toBeInTheDocument();
      expect(
        within(dialog())
          .queryAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toEqual([m.seen.error].filter(Boolean));
      expect(composer()).toBeDisabled();
      expect(send()).toBeDisabled();
      noRequests(m, 'newest');
      expect(m.newest.inputs.at(-1)).toEqual({ offerId: sampleOffer.id, before: null });
    },
    // The first read failed: the server's message and Try again; nothing to write in.
    failed: (m: Screen) => {
      const alert = within(dialog()).getByRole('alert');
      expect(alert).toHaveTextContent('The messages could not be loaded');
      expect(alert).toHaveTextContent(m.seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(within(dialog()).queryByText('Loading messages')).not.toBeInTheDocument();
      expect(composer()).toBeDisabled();
      noRequests(m, null);
    },
    'ready.idle': (m: Screen) => {
      shown(m);
      writable(m);
      if (m.seen.earlier) expect(earlierButton()).toBeEnabled();
      noRequests(m, null);
    },
    // The earlier page is read by its cursor: its button waits; the rest stays usable.
    'ready.loadingEarlier': (m: Screen) => {
      shown(m);
      writable(m);
      expect(earlierButton()).toBeDisabled();
      expect(earlierButton()).toHaveAttribute('aria-busy', 'true');
      noRequests(m, 'earlier');
      expect(m.earlier.inputs.at(-1)).toEqual({ offerId: sampleOffer.id, before: m.seen.earlier });
    },
    // The newest page read again in the background: the messages and the composer stay as they are.
    'ready.refreshing': (m: Screen) => {
      shown(m);
      writable(m);
      noRequests(m, 'newest');
      expect(m.newest.inputs.at(-1)).toEqual({ offerId: sampleOffer.id, before: null });
    },
    // The message is on its way: the composer keeps it and waits.
    sending: (m: Screen) => {
      shown(m);
      expect(composer()).toBeDisabled();
      expect(composer()).toHaveValue(m.seen.draft);
      expect(send()).toBeDisabled();
      expect(send()).toHaveAttribute('aria-busy', 'true');
      noRequests(m, 'post');
      expect(m.post.inputs.at(-1)).toEqual({ offerId: sampleOffer.id, body: m.seen.draft.trim() });
    },
  };
})();

walkScreens('thread', { mount, states });
