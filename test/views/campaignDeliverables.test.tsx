// The campaign editor's Deliverables and Pay (docs/product.md §Deliverables) through its machine with controlled
// actors: each deliverable's fields under its checkbox, the bot's line previewed as it is written, the checks of
// contract deliverablesProblem() (none asked, pay per click without a link, a flat fee's clicks), what is sent, the
// server's 400 shown at its field, a stored campaign's deliverables read back; axe finds nothing.
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { Campaign, CampaignInput } from '@/contract';
import { apiRefusal } from '@/machines/events';
import { campaignEditorMachine, PREVIEW_LINK } from '@/machines/marketplace/campaignEditor.machine';
import { sampleCampaign } from '@/machines/marketplace/samples';
import { messages } from '@/src/messages';
import { CampaignEditorScreen } from '@/src/marketplace/CampaignEditor';
import { controlled, renderScreen } from './harness';

async function violations(root: Element) {
  const result = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function setup(path = '/campaigns/new', url = path) {
  const load = controlled<Campaign, { id: string }>();
  const save = controlled<Campaign, { id: string | null; input: CampaignInput }>();
  const upload = controlled<Campaign, { id: string; file: File }>();
  const logic = campaignEditorMachine.provide({
    actors: { loadCampaign: load.logic, saveCampaign: save.logic, uploadCampaignImage: upload.logic },
  });
  const view = renderScreen(<CampaignEditorScreen logic={logic} />, { path, url, jwt: 'advertiser.jwt' });
  return { load, save, view, user: userEvent.setup() };
}

const fieldError = (label: string) => {
  const id = screen
    .getByLabelText(label)
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

/** Types a field's whole value at once (typing key by key re-renders the long form each time). */
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The campaign's own fields, filled in (the deliverables are left to each test). */
function fillBasics() {
  fill('Brand', 'Nova Energy');
  fill('Title', 'Power your late-night streams');
  fill('Disclosure', 'Sponsored by Nova Energy');
  fireEvent.change(screen.getByLabelText('Starts On'), { target: { value: '2026-12-01' } });
  fireEvent.change(screen.getByLabelText('Ends On'), { target: { value: '2026-12-31' } });
}

describe('Campaign editor: deliverables', () => {
  it('asks for a link, a bot message and a promo code with a flat fee; previews the bot line; sends them', async () => {
    const { save, view, user } = setup();
    expect(screen.getByRole('heading', { name: 'Deliverables' })).toBeInTheDocument();
    // The overlay is asked for by default; the others' fields show once chosen.
    expect(screen.getByRole('checkbox', { name: 'Show on the overlay' })).toBeChecked();
    expect(screen.queryByLabelText('Brand URL')).toBeNull();
    fillBasics();
    fill('Pay per Creator', '250');
    fill('Overlay Minutes', '120');

    await user.click(screen.getByRole('checkbox', { name: 'Tracked link' }));
    await user.click(screen.getByRole('checkbox', { name: 'Chat bot message' }));
    await user.click(screen.getByRole('checkbox', { name: 'Promo code redemptions' }));
    fill('Bot message', 'Grab a Nova for the late shift  ');
    expect(screen.getByRole('status', { name: 'Preview' })).toHaveTextContent(
      `Grab a Nova for the late shift ${PREVIEW_LINK} #ad`,
    );

    // Empty fields of the chosen deliverables are refused at each; nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(fieldError('Brand URL')).toBe(messages.required);
    expect(fieldError('Unique clicks to deliver')).toBe(messages.required);
    expect(fieldError('Posts to deliver')).toBe(messages.required);
    expect(fieldError('Redemptions to deliver')).toBe(messages.required);
    expect(save.started).toBe(0);
    expect(await violations(view.container)).toEqual([]);

    fill('Brand URL', 'nova.example');
    expect(fieldError('Brand URL')).toBe('Enter a web address starting with https://');
    fill('Brand URL', 'https://nova.example/gg');
    fill('Unique clicks to deliver', '500');
    fill('Post every (minutes)', '2');
    expect(fieldError('Post every (minutes)')).toBe('Enter a whole number of minutes from 5 to 240.');
    fill('Post every (minutes)', '30');
    fill('Posts to deliver', '10');
    fill('Chat command (optional)', '!No va');
    expect(fieldError('Chat command (optional)')).toBe('Use letters, digits or _ (at most 25), e.g. nova.');
    fill('Chat command (optional)', '!Nova');
    fill('Redemptions to deliver', '20');

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(save.inputs[0]?.input.deliverable).toMatchObject({
      minutes: 120,
      overlay: true,
      link: { url: 'https://nova.example/gg', clicks: 500 },
      chat: { message: 'Grab a Nova for the late shift', everyMinutes: 30, command: 'nova', posts: 10 },
      promo: { redemptions: 20 },
    });
    expect(save.inputs[0]?.input.perClickCents).toBeNull();
    expect(save.inputs[0]?.input.payCents).toBe(25_000);
  });

  it('pay per click: the rate and the cap (the pay field relabelled), a tracked link required, no click target', async () => {
    const { save, user } = setup();
    fillBasics();
    fill('Overlay Minutes', '60');
    await user.click(screen.getByRole('radio', { name: 'Per click' }));
    expect(screen.queryByLabelText('Pay per Creator')).toBeNull();
    fill('Cap per creator', '250');
    fill('Pay per Click', '0.001');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(
      screen.getByText('Pay per click counts the tracked link’s clicks: choose Tracked link as well.'),
    ).toBeInTheDocument();
    expect(fieldError('Pay per Click')).toBe('Enter the pay per click in dollars, e.g. 0.25.');
    expect(save.started).toBe(0);

    await user.click(screen.getByRole('checkbox', { name: 'Tracked link' }));
    expect(
      screen.queryByText('Pay per click counts the tracked link’s clicks: choose Tracked link as well.'),
    ).toBeNull();
    // Paid per click: the cap ends it, no clicks to deliver.
    expect(screen.queryByLabelText('Unique clicks to deliver')).toBeNull();
    fill('Brand URL', 'https://nova.example/gg');
    fill('Pay per Click', '0.25');
    // The overlay may be left out when another deliverable is asked for.
    await user.click(screen.getByRole('checkbox', { name: 'Show on the overlay' }));
    expect(screen.queryByLabelText('Overlay Minutes')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(save.inputs[0]?.input).toMatchObject({
      payCents: 25_000,
      perClickCents: 25,
      deliverable: { overlay: false, minutes: 60, link: { url: 'https://nova.example/gg', clicks: null } },
    });

    // The server's 400 shows at its field.
    await save.reject(
      apiRefusal(
        'perClickCents: must be at most $100.00; deliverable.link.url: must be a web address starting with https://',
        400,
      ),
    );
    expect(fieldError('Pay per Click')).toBe('Must be at most $100.00.');
    expect(fieldError('Brand URL')).toBe('Must be a web address starting with https://.');
    expect(screen.queryByRole('alert', { name: /perClickCents/ })).toBeNull();
  });

  it('the disclosure is asked with the overlay only: a link-only campaign saves without one (issue 48 item 4)', async () => {
    const { save, user } = setup();
    fill('Brand', 'Nova Energy');
    fill('Title', 'Power your late-night streams');
    fireEvent.change(screen.getByLabelText('Starts On'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('Ends On'), { target: { value: '2026-12-31' } });
    fill('Pay per Creator', '90');
    // With the overlay (the default) the disclosure it shows is required.
    fill('Overlay Minutes', '60');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(fieldError('Disclosure')).toBe(messages.required);
    expect(save.started).toBe(0);
    // Without it, neither the disclosure nor "Require disclosure (#ad)" is asked for, and none is sent.
    await user.click(screen.getByRole('checkbox', { name: 'Show on the overlay' }));
    expect(screen.queryByLabelText('Disclosure')).toBeNull();
    expect(screen.queryByText(/Shown on the overlay/)).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Require disclosure (#ad)' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Tracked link' }));
    fill('Brand URL', 'https://nova.example/gg');
    fill('Unique clicks to deliver', '100');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(save.inputs[0]?.input.deliverable).toMatchObject({
      overlay: false,
      disclosure: '',
      link: { url: 'https://nova.example/gg', clicks: 100 },
    });
  });

  it('needs at least one deliverable', async () => {
    const { save, user } = setup();
    fillBasics();
    fill('Pay per Creator', '250');
    await user.click(screen.getByRole('checkbox', { name: 'Show on the overlay' }));
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(screen.getByText('Choose at least one deliverable.')).toBeInTheDocument();
    expect(save.started).toBe(0);
    await user.click(screen.getByRole('checkbox', { name: 'Promo code redemptions' }));
    expect(screen.queryByText('Choose at least one deliverable.')).toBeNull();
  });

  it('reads a stored draft’s deliverables and pay per click back into the form', async () => {
    const { load, view } = setup('/campaigns/:id/edit', '/campaigns/cmp_1/edit');
    await load.resolve({
      ...sampleCampaign,
      payCents: 25_000,
      perClickCents: 25,
      deliverable: {
        ...sampleCampaign.deliverable,
        overlay: false,
        link: { url: 'https://nova.example/gg', clicks: null },
        chat: { message: 'Grab a Nova', everyMinutes: 30, command: 'nova', posts: 10 },
        promo: null,
      },
    });
    expect(screen.getByRole('checkbox', { name: 'Show on the overlay' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tracked link' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Promo code redemptions' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Per click' })).toBeChecked();
    expect(screen.getByLabelText('Pay per Click')).toHaveValue('0.25');
    expect(screen.getByLabelText('Cap per creator')).toHaveValue('250');
    expect(screen.getByLabelText('Brand URL')).toHaveValue('https://nova.example/gg');
    expect(screen.getByLabelText('Chat command (optional)')).toHaveValue('nova');
    expect(screen.getByRole('status', { name: 'Preview' })).toHaveTextContent(`Grab a Nova ${PREVIEW_LINK} #ad`);
    expect(await violations(view.container)).toEqual([]);
  });
});
