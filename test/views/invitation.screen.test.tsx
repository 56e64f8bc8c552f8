// Invite a creator from Find creators (docs/product.md §Discovery and negotiation), replayed along invitation's
// recorded paths on the real screen: an approved advertiser's search shows the sample creator's card, whose Invite
// opens the dialog.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AdvertiserChecklist, CreatorList, CreatorsAnswer, InviteOption, Offer } from '@/contract';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { creatorListsMachine, type OpenList } from '@/machines/marketplace/creatorLists.machine';
import { creatorSearchMachine, type CreatorQuery } from '@/machines/marketplace/creatorSearch.machine';
import { sampleCreatorsAnswer } from '@/machines/marketplace/creatorSearch.samples';
import { invitationMachine, type InvitationRequest, type Invitee } from '@/machines/marketplace/invitation.machine';
import { FindCreatorsScreen } from '@/src/marketplace/FindCreators';
import { controlled, renderScreen, type Gestures } from './harness';
import { walkScreens } from './screens';

const dialog = () => screen.queryByRole('dialog', { name: /^Invite / });
const sendButton = () => within(dialog()!).queryByRole('button', { name: /^(Send invitation|Sending…)$/ });

async function mount() {
  const checklist = controlled<AdvertiserChecklist>();
  const search = controlled<CreatorsAnswer, CreatorQuery>();
  const lists = controlled<CreatorList[]>();
  const load = controlled<InviteOption[], { creatorId: string }>();
  const send = controlled<Offer, InvitationRequest>();
  renderScreen(
    <FindCreatorsScreen
      logic={{
        checklist: advertiserChecklistMachine.provide({ actors: { loadChecklist: checklist.logic } }),
        search: creatorSearchMachine.provide({ actors: { searchCreators: search.logic } }),
        lists: creatorListsMachine.provide({
          actors: {
            loadLists: lists.logic,
            addToList: controlled<CreatorList, { listId: string; creatorId: string }>().logic,
            createList: controlled<CreatorList, { name: string }>().logic,
            loadList: controlled<OpenList, { listId: string }>().logic,
            removeFromList: controlled<CreatorList, { listId: string; creatorId: string }>().logic,
            deleteList: controlled<void, { listId: string }>().logic,
          },
        }),
        invitation: invitationMachine.provide({ actors: { loadCampaigns: load.logic, sendInvitation: send.logic } }),
      }}
    />,
    { path: '/creators', jwt: 'advertiser.jwt' },
  );
  await checklist.resolve({ profile: 'approved', fundsCents: 0, campaigns: 1, draftId: null, launched: true });
  await lists.resolve([]);
  await search.resolve(sampleCreatorsAnswer);
  await act(async () => {
    await import('@/src/marketplace/FindCreatorsDialogs');
  });
  /** Who is invited, the campaigns read and the one chosen, the message, the failure shown, the answers given. */
  const seen = {
    creator: null as Invitee | null,
    campaigns: [] as InviteOption[],
    campaignId: '',
    message: '',
    error: null as string | null,
    sent: false,
    settled: { load: 0, send: 0 },
  };
  return {
    load,
    send,
    seen,
    gestures: {
      'invite.open': async ({ creator }) => {
        Object.assign(seen, { creator, campaignId: '', message: '', error: null, sent: false });
        fireEvent.click(screen.getByRole('button', { name: `Invite ${creator.displayName}` }));
        await screen.findByRole('dialog', { name: `Invite ${creator.displayName}` });
      },
      // Cancel; once sent, Done; while the campaigns are read, Cancel as well.
      'invite.close': () => {
        const done = within(dialog()!).queryByRole('button', { name: 'Done' });
        fireEvent.click(done ?? within(dialog()!).getByRole('button', { name: 'Cancel' }));
        if (load.started > seen.settled.load) seen.settled.load += 1; // the read is dropped with the dialog
        seen.creator = null;
      },
      'campaign.change': ({ campaignId }) => {
        Object.assign(seen, { campaignId, error: null });
        fireEvent.change(within(dialog()!).getByLabelText('Campaign'), { target: { value: campaignId } });
      },
      'message.change': ({ value }) => {
        seen.message = value;
        fireEvent.change(within(dialog()!).getByLabelText('Message (optional)'), { target: { value } });
      },
      'invite.submit': () => {
        seen.error = null;
        fireEvent.click(sendButton()!);
      },
      'campaigns.retry': () => {
        seen.error = null;
        fireEvent.click(within(dialog()!).getByRole('button', { name: 'Try again' }));
      },
      'xstate.done.actor.loadCampaigns': async ({ output }) => {
        seen.settled.load += 1;
        seen.campaigns = output;
        seen.campaignId = output.find((campaign) => campaign.canInvite)?.id ?? '';
        await load.resolve(output);
      },
      'xstate.error.actor.loadCampaigns': async ({ error }) => {
        seen.settled.load += 1;
        seen.error = (error as Error).message;
        await load.reject(error);
      },
      'xstate.done.actor.sendInvitation': async ({ output }) => {
        seen.settled.send += 1;
        seen.sent = true;
        await send.resolve(output);
      },
      'xstate.error.actor.sendInvitation': async ({ error }) => {
        seen.settled.send += 1;
        seen.error = (error as Error).message;
        await send.reject(error);
      },
    } satisfies Gestures<typeof invitationMachine>,
  };
}

/** What the checks read: the mounted screen. */
type Screen = Awaited<ReturnType<typeof mount>>;

const states = (() => {
  const requests = (m: Screen, under: 'load' | 'send' | null) => {
    for (const name of ['load', 'send'] as const)
      expect(m[name].started).toBe(m.seen.settled[name] + (name === under ? 1 : 0));
  };
  /** The dialog for the creator invited. */
  const open = ({ seen }: Screen) => {
    const invite = dialog()!;
    expect(invite).toHaveAccessibleName(`Invite ${seen.creator!.displayName}`);
    return invite;
  };
  /** The campaigns that can take the creator in the form, with the one chosen and the message; the others with why. */
  const form = (m: Screen, sending: boolean) => {
    const invite = open(m);
    const { campaigns, campaignId, message } = m.seen;
    const campaign = within(invite).getByLabelText('Campaign');
    expect(
      within(campaign)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(campaigns.filter((c) => c.canInvite).map((c) => `${c.brand}: ${c.title}`));
    expect(campaign).toHaveValue(campaignId);
    expect(within(invite).getByLabelText('Message (optional)')).toHaveValue(message);
    const others = within(invite).getByRole('region', { name: 'Not available' });
    for (const c of campaigns.filter((c) => !c.canInvite)) expect(others).toHaveTextContent(c.reason!);
    expect(within(invite).queryByText('Loading your campaigns')).not.toBeInTheDocument();
    expect(within(invite).queryByText('Invitation sent')).not.toBeInTheDocument();
    if (sending) {
      expect(campaign).toBeDisabled();
      expect(sendButton()).toHaveTextContent('Sending…');
      expect(sendButton()).toBeDisabled();
    } else {
      expect(campaign).toBeEnabled();
      expect(sendButton()).toHaveTextContent('Send invitation');
      expect(sendButton()).toBeEnabled();
    }
    return invite;
  };
  return {
    // No dialog; nothing under way.
    closed: (m: Screen) => {
      expect(dialog()).not.toBeInTheDocument();
      requests(m, null);
    },
    // The creator's campaigns are read: a spinner; nothing to send yet.
    'open.loading': (m: Screen) => {
      const invite = open(m);
      expect(within(invite).getByText('Loading your campaigns')).toBeInTheDocument();
      expect(within(invite).queryByLabelText('Campaign')).not.toBeInTheDocument();
      expect(sendButton()).not.toBeInTheDocument();
      expect(within(invite).queryByRole('alert')).not.toBeInTheDocument();
      requests(m, 'load');
      expect(m.load.inputs.at(-1)).toEqual({ creatorId: m.seen.creator!.id });
    },
    // They could not be read: the server's message and Try again; nothing to send.
    'open.loadFailed': (m: Screen) => {
      const invite = open(m);
      const alert = within(invite).getByRole('alert');
      expect(alert).toHaveTextContent('Your campaigns could not be loaded');
      expect(alert).toHaveTextContent(m.seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(sendButton()).not.toBeInTheDocument();
      requests(m, null);
    },
    // The form, with the server's refusal if any; nothing sent.
    'open.choosing': (m: Screen) => {
      const invite = form(m, false);
      const alert = within(invite).queryByRole('alert');
      if (m.seen.error) expect(alert).toHaveTextContent(m.seen.error);
      else expect(alert).not.toBeInTheDocument();
      requests(m, null);
    },
    // The invitation is on its way with the campaign chosen and the message; the form waits.
    'open.sending': (m: Screen) => {
      form(m, true);
      requests(m, 'send');
      expect(m.send.inputs.at(-1)).toEqual({
        campaignId: m.seen.campaignId,
        creatorId: m.seen.creator!.id,
        message: m.seen.message,
      });
    },
    // Sent: said, with Done; nothing more to send.
    'open.sent': (m: Screen) => {
      const invite = open(m);
      expect(within(invite).getByRole('status')).toHaveTextContent(
        `Invitation sent${m.seen.creator!.displayName} finds it in Sponsorship Offers, as an invitation from your brand.`,
      );
      expect(within(invite).getByRole('button', { name: 'Done' })).toBeEnabled();
      expect(sendButton()).not.toBeInTheDocument();
      requests(m, null);
    },
  };
})();

walkScreens('invitation', { mount, states });
