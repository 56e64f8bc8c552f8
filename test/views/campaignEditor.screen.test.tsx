// The campaign editor (docs/product.md §Marketplace "Advertiser workspace", "Campaign", "What a campaign asks for"),
// replayed along campaignEditor's recorded paths on the real screen: /campaigns/new, or /campaigns/:id/edit for the
// sample campaign (read first; only a draft is edited).
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { Campaign, CampaignInput } from '@/contract';
import type { DeliverableKind } from '@/contract/deliverables';
import {
  campaignEditorMachine,
  campaignErrors,
  draftOf,
  emptyDraft,
  isValidCampaign,
  problemsFor,
  refusalOf,
  toCampaignInput,
  type CampaignDraft,
  type CampaignErrors,
  type CampaignTextField,
} from '@/machines/marketplace/campaignEditor.machine';
import { CampaignEditorScreen } from '@/src/marketplace/CampaignEditor';
import { editorErrorInEnglish, problemInEnglish } from './campaignEditorTexts';
import { controlled, renderScreen, type Gestures } from './harness';
import { walkScreens } from './screens';

const KIND: Record<DeliverableKind, string> = {
  overlay: 'Show on the overlay',
  link: 'Tracked link',
  chat: 'Chat bot message',
  promo: 'Promo code redemptions',
};
/** The form's labelled text fields whose checks the screen shows (the overlay's while it is asked for). */
const label = (field: CampaignTextField, draft: CampaignDraft): string | null =>
  ({
    brand: 'Brand',
    title: 'Title',
    pay: draft.payMode === 'perClick' ? 'Cap per creator' : 'Pay per Creator',
    spots: 'Spots',
    startsOn: 'Starts On',
    endsOn: 'Ends On',
    ...(draft.asks.overlay ? { minutes: 'Overlay Minutes', disclosure: 'Disclosure' } : {}),
  })[field as string] ?? null;
const CHECKED: CampaignTextField[] = ['brand', 'title', 'pay', 'spots', 'startsOn', 'endsOn', 'minutes', 'disclosure'];

const save = () => screen.queryByRole('button', { name: 'Save Draft' });
const checkbox = (name: string) => screen.getByRole('checkbox', { name });

async function mount(input: unknown) {
  const { campaignId } = input as { campaignId: string | null };
  const load = controlled<Campaign, { id: string }>();
  const store = controlled<Campaign, { id: string | null; input: CampaignInput }>();
  const upload = controlled<Campaign, { id: string; file: File }>();
  const path = campaignId ? '/campaigns/:id/edit' : '/campaigns/new';
  const url = campaignId ? `/campaigns/${campaignId}/edit` : path;
  const view = renderScreen(
    <CampaignEditorScreen
      logic={campaignEditorMachine.provide({
        actors: { loadCampaign: load.logic, saveCampaign: store.logic, uploadCampaignImage: upload.logic },
      })}
    />,
    { path, url, jwt: 'advertiser.jwt' },
  );
  URL.revokeObjectURL = vi.fn();
  // The country list loads after the form.
  await act(async () => {
    await import('@/src/marketplace/CountryPicker');
  });
  /** The draft and its checks as shown, the picked image, the refusal shown, the requests ended. */
  const seen = {
    /** The campaign the route names (null: /campaigns/new). */
    route: campaignId,
    campaignId,
    campaign: null as Campaign | null,
    draft: emptyDraft,
    errors: {} as CampaignErrors,
    image: null as { file: File; previewUrl: string } | null,
    /** The refusal as shown, in English. */
    error: null as string | null,
    settled: { load: 0, store: 0, upload: 0 },
  };
  /** A change of the draft, its checks following it once they are shown. */
  const edit = (draft: CampaignDraft) => {
    seen.draft = draft;
    if (Object.keys(seen.errors).length > 0) {
      const image = seen.errors.image;
      seen.errors = { ...campaignErrors(draft), ...(image ? { image } : {}) };
    }
  };
  const setBox = (box: HTMLElement, on: boolean) => {
    if ((box as HTMLInputElement).checked !== on) fireEvent.click(box);
  };
  return {
    view,
    load,
    store,
    upload,
    seen,
    gestures: {
      'field.change': ({ field, value }) => {
        const name = label(field, seen.draft);
        if (!name) throw new Error(`No gesture for the field ${field}`);
        fireEvent.change(screen.getByLabelText(name), { target: { value } });
        edit({ ...seen.draft, [field]: value });
      },
      'choice.toggle': ({ field, value }) => {
        fireEvent.click(checkbox(value));
        const list = seen.draft[field] as string[];
        edit({
          ...seen.draft,
          [field]: list.includes(value) ? list.filter((v) => v !== value) : [...list, value],
        });
      },
      'disclosure.require': ({ required }) => {
        setBox(checkbox('Require disclosure (#ad)'), required);
        edit({ ...seen.draft, requiresDisclosure: required });
      },
      'matching.set': ({ on }) => {
        setBox(checkbox('Match creators automatically'), on);
        edit({ ...seen.draft, autoMatch: on });
      },
      'deliverable.toggle': ({ kind, on }) => {
        setBox(checkbox(KIND[kind]), on);
        edit({ ...seen.draft, asks: { ...seen.draft.asks, [kind]: on } });
      },
      'pay.mode': ({ mode }) => {
        fireEvent.click(screen.getByRole('radio', { name: mode === 'flat' ? 'Flat fee per creator' : 'Per click' }));
        edit({ ...seen.draft, payMode: mode });
      },
      'country.add': ({ country }) => {
        fireEvent.change(screen.getByLabelText('Countries'), { target: { value: country } });
        if (!seen.draft.countries.includes(country))
          edit({ ...seen.draft, countries: [...seen.draft.countries, country] });
      },
      // Only a chosen country has its Remove button: with none chosen there is nothing to remove.
      'country.remove': ({ country }) => {
        const remove = screen.queryByRole('button', { name: `Remove ${country}` });
        if (remove) fireEvent.click(remove);
        edit({ ...seen.draft, countries: seen.draft.countries.filter((c) => c !== country) });
      },
      'image.select': ({ file, previewUrl }) => {
        URL.createObjectURL = vi.fn(() => previewUrl);
        const picked = new File(['image'], file.name, { type: file.type });
        fireEvent.change(screen.getByLabelText('Choose Image'), { target: { files: [picked] } });
        if (file.type.startsWith('image/')) {
          seen.image = { file: picked, previewUrl };
          const { image: _image, ...rest } = seen.errors;
          seen.errors = rest;
        } else seen.errors = { ...seen.errors, image: problemsFor.image };
      },
      'form.submit': () => {
        if (isValidCampaign(seen.draft)) Object.assign(seen, { errors: {}, error: null });
        else
          seen.errors = { ...campaignErrors(seen.draft), ...(seen.errors.image ? { image: seen.errors.image } : {}) };
        fireEvent.click(save()!);
      },
      'form.retry': () => {
        fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
      },
      'xstate.done.actor.loadCampaign': async ({ output }) => {
        seen.settled.load += 1;
        Object.assign(seen, { campaign: output, draft: draftOf(output), error: null });
        await load.resolve(output);
      },
      'xstate.error.actor.loadCampaign': async ({ error }) => {
        seen.settled.load += 1;
        seen.error = (error as Error).message;
        await load.reject(error);
      },
      'xstate.done.actor.saveCampaign': async ({ output }) => {
        seen.settled.store += 1;
        Object.assign(seen, { campaign: output, campaignId: output.id });
        await store.resolve(output);
      },
      'xstate.error.actor.saveCampaign': async ({ error }) => {
        seen.settled.store += 1;
        const refusal = refusalOf(error);
        Object.assign(seen, { errors: refusal.errors, error: editorErrorInEnglish(refusal.error) });
        await store.reject(error);
      },
      'xstate.done.actor.uploadCampaignImage': async ({ output }) => {
        seen.settled.upload += 1;
        Object.assign(seen, { campaign: output, image: null });
        await upload.resolve(output);
      },
      'xstate.error.actor.uploadCampaignImage': async ({ error }) => {
        seen.settled.upload += 1;
        seen.error = `The campaign was saved, but the image was refused: ${(error as Error).message}`;
        await upload.reject(error);
      },
    } satisfies Gestures<typeof campaignEditorMachine>,
  };
}

/** What the checks read: the mounted screen. */
type Screen = Awaited<ReturnType<typeof mount>>;

const states = (() => {
  const requests = (m: Screen, under: 'load' | 'store' | 'upload' | null) => {
    for (const name of ['load', 'store', 'upload'] as const)
      expect(m[name].started).toBe(m.seen.settled[name] + (name === under ? 1 : 0));
  };
  /** The form with the draft, its checks, the creative picked, the refusal; usable or waiting. */
  const form = ({ seen }: Screen, busy: boolean) => {
    const { draft, errors } = seen;
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(seen.route ? 'Edit Campaign' : 'New Campaign');
    for (const field of CHECKED) {
      const name = label(field, draft);
      if (!name) continue;
      const control = screen.getByLabelText(name);
      expect(control).toHaveValue(draft[field]);
      if (busy) expect(control).toBeDisabled();
      else expect(control).toBeEnabled();
      const error = problemInEnglish(errors[field]);
      if (error) expect(control).toHaveAccessibleDescription(expect.stringContaining(error));
      else expect(control).not.toHaveAttribute('aria-invalid', 'true');
    }
    for (const [kind, name] of Object.entries(KIND)) {
      if (draft.asks[kind as DeliverableKind]) expect(checkbox(name)).toBeChecked();
      else expect(checkbox(name)).not.toBeChecked();
    }
    if (draft.asks.overlay) {
      const requires = checkbox('Require disclosure (#ad)');
      if (draft.requiresDisclosure) expect(requires).toBeChecked();
      else expect(requires).not.toBeChecked();
    }
    if (draft.autoMatch) expect(checkbox('Match creators automatically')).toBeChecked();
    else expect(checkbox('Match creators automatically')).not.toBeChecked();
    for (const platform of ['Twitch', 'YouTube'])
      if (draft.platforms.includes(platform as never)) expect(checkbox(platform)).toBeChecked();
      else expect(checkbox(platform)).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Per click' })).toHaveProperty('checked', draft.payMode === 'perClick');
    const chosen = screen.queryByRole('list', { name: 'Chosen countries' });
    expect(
      chosen
        ? within(chosen)
            .getAllByRole('listitem')
            .map((item) => item.textContent)
        : [],
    ).toEqual(draft.countries);
    if (seen.image) expect(screen.getByTestId('campaign-creative')).toHaveAttribute('src', seen.image.previewUrl);
    const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(
      [...[errors.deliverables, errors.payMode, errors.image].map(problemInEnglish), seen.error].filter(Boolean),
    );
    expect(save()).toBeInTheDocument();
    if (busy) {
      expect(save()).toBeDisabled();
      expect(save()).toHaveAttribute('aria-busy', 'true');
    } else {
      expect(save()).toBeEnabled();
      expect(save()).not.toHaveAttribute('aria-busy');
    }
  };
  return {
    // The campaign is read: its spinner, no form.
    loading: (m: Screen) => {
      expect(screen.getByText('Loading campaign')).toBeInTheDocument();
      expect(save()).not.toBeInTheDocument();
      requests(m, 'load');
      expect(m.load.inputs.at(-1)).toEqual({ id: m.seen.campaignId });
    },
    // It could not be read: the server's message and Try again; no form.
    failed: (m: Screen) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The campaign could not be loaded');
      expect(alert).toHaveTextContent(m.seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(save()).not.toBeInTheDocument();
      requests(m, null);
    },
    // No longer a draft: said, with the way back; no form.
    locked: (m: Screen) => {
      const notice = screen.getByText('Only drafts can be edited').closest<HTMLElement>('[role="status"]')!;
      expect(notice).toHaveTextContent('Only drafts can be edited');
      expect(within(notice).getByRole('link', { name: 'Back to the campaign' })).toHaveAttribute(
        'href',
        `/campaigns/${m.seen.campaignId}`,
      );
      expect(save()).not.toBeInTheDocument();
      requests(m, null);
    },
    editing: (m: Screen) => {
      form(m, false);
      requests(m, null);
    },
    // The draft is sent as the contract wants it (pay in cents); the form waits.
    saving: (m: Screen) => {
      form(m, true);
      requests(m, 'store');
      expect(m.store.inputs.at(-1)).toEqual({ id: m.seen.campaignId, input: toCampaignInput(m.seen.draft) });
    },
    // The draft is stored; the picked image goes up with its id; the form waits.
    uploading: (m: Screen) => {
      form(m, true);
      requests(m, 'upload');
      expect(m.upload.inputs.at(-1)).toEqual({ id: m.seen.campaignId, file: m.seen.image!.file });
    },
    // Stored (and its image uploaded): the campaign's page opens.
    done: (m: Screen) => {
      expect(m.view.location()).toBe(`/campaigns/${m.seen.campaignId}`);
      expect(screen.getByText('Elsewhere')).toBeInTheDocument();
      requests(m, null);
    },
  };
})();

walkScreens('campaignEditor', { mount, states });
