// The campaign editor's Deliverables and Pay (docs/product.md §Deliverables): which deliverables the campaign asks
// for (overlay minutes, a tracked link's clicks, the chat bot's posts, promo-code redemptions), each with its fields
// under its checkbox, the bot's line previewed as it is written; and a flat fee or pay per click up to a cap. Native
// inputs, as the rest of the editor (its route stays within the bundle budget).
import type { ReactNode } from 'react';
import { DELIVERABLE_LIMITS } from '@/contract/deliverables';
import { MARKETPLACE_LIMITS } from '@/contract/marketplace';
import type {
  CampaignDraft,
  CampaignEditorEvent,
  CampaignErrors,
  CampaignTextField,
  PayMode,
} from '@/machines/marketplace/campaignEditor.machine';
import type { DeliverableKind } from '@/contract/deliverables';
import { Card } from '@/src/ui/Card';
import * as s from './advertiser.css';
import * as d from './CampaignDeliverables.css';

export type TextField = (
  field: CampaignTextField,
  label: string,
  extra?: {
    type?: string;
    hint?: string;
    inputMode?: 'decimal' | 'numeric';
    adornment?: string;
    multiline?: boolean;
    maxLength?: number;
    className?: string;
  },
) => ReactNode;

interface Props {
  draft: CampaignDraft;
  errors: CampaignErrors;
  busy: boolean;
  send: (event: CampaignEditorEvent) => void;
  text: TextField;
  /** The bot's line for the message being written. */
  preview: string;
}

/** One deliverable: its checkbox, and its fields while it is asked for. */
function Kind({
  kind,
  label,
  hint,
  draft,
  busy,
  send,
  children,
}: Pick<Props, 'draft' | 'busy' | 'send'> & {
  kind: DeliverableKind;
  label: string;
  hint: string;
  children: ReactNode;
}) {
  const on = draft.asks[kind];
  const hintId = `deliverable-${kind}-hint`;
  return (
    <div className={d.kind} data-kind={kind}>
      <div>
        <label className={s.check}>
          <input
            type="checkbox"
            name={`deliverable-${kind}`}
            checked={on}
            disabled={busy}
            aria-describedby={hintId}
            onChange={(event) => send({ type: 'deliverable.toggle', kind, on: event.target.checked })}
          />
          {label}
        </label>
        <p id={hintId} className={s.muted}>
          {hint}
        </p>
      </div>
      {on ? <div className={d.kindFields}>{children}</div> : null}
    </div>
  );
}

/** The card "Deliverables": the window every deliverable shares, then each deliverable (the overlay's disclosure with it). */
export function DeliverablesCard({ draft, errors, busy, send, text, preview }: Props) {
  const perClick = draft.payMode === 'perClick';
  return (
    <Card as="section" aria-labelledby="campaign-deliverable">
      <h2 id="campaign-deliverable" className={s.sectionTitle}>
        Deliverables
      </h2>
      <div className={s.formStack}>
        <div className={s.fields}>
          {text('startsOn', 'Starts On', { type: 'date' })}
          {text('endsOn', 'Ends On', { type: 'date' })}
        </div>
        <fieldset
          className={d.kinds}
          disabled={busy}
          aria-describedby={errors.deliverables ? 'campaign-deliverables-error' : undefined}
        >
          <legend className={s.legend}>What creators deliver</legend>
          {errors.deliverables ? (
            <p id="campaign-deliverables-error" className={s.fieldError} role="alert">
              {errors.deliverables}
            </p>
          ) : null}
          <Kind
            kind="overlay"
            label="Show on the overlay"
            hint="The creative on the creator's OBS overlay for the minutes asked."
            draft={draft}
            busy={busy}
            send={send}
          >
            {text('minutes', 'Overlay Minutes', {
              inputMode: 'numeric',
              hint: 'Shown on the overlay within the window.',
            })}
            {/* The overlay shows the disclosure and its minutes count only while disclosed: asked with it only. */}
            {text('disclosure', 'Disclosure', {
              maxLength: MARKETPLACE_LIMITS.disclosure,
              hint: 'Shown on the overlay, e.g. Sponsored by Nova Energy.',
            })}
            <div className={s.full}>
              <label className={s.check}>
                <input
                  type="checkbox"
                  name="requiresDisclosure"
                  checked={draft.requiresDisclosure}
                  disabled={busy}
                  aria-describedby="campaign-requires-disclosure-hint"
                  onChange={(event) => send({ type: 'disclosure.require', required: event.target.checked })}
                />
                Require disclosure (#ad)
              </label>
              <p id="campaign-requires-disclosure-hint" className={s.muted}>
                Minutes count only while the stream is marked as sponsored: Twitch&apos;s Branded Content,
                YouTube&apos;s paid promotion, or #ad / #sponsored as a word of its own in the title.
              </p>
            </div>
          </Kind>
          <Kind
            kind="link"
            label="Tracked link"
            hint="Each creator gets a short link to your page; unique human clicks count."
            draft={draft}
            busy={busy}
            send={send}
          >
            {text('linkUrl', 'Brand URL', {
              type: 'url',
              maxLength: DELIVERABLE_LIMITS.linkUrl,
              hint: 'Where the link sends viewers, e.g. https://nova.example/gg; UTM parameters are added.',
              className: s.full,
            })}
            {perClick ? (
              <p className={`${s.muted} ${s.full}`}>
                Paid per click: each counted click earns the rate, up to the cap.
              </p>
            ) : (
              text('linkClicks', 'Unique clicks to deliver', { inputMode: 'numeric' })
            )}
          </Kind>
          <Kind
            kind="chat"
            label="Chat bot message"
            hint="The Castbridge bot posts your message, the creator's link and #ad in chat while the stream is live."
            draft={draft}
            busy={busy}
            send={send}
          >
            {text('chatMessage', 'Bot message', {
              multiline: true,
              maxLength: DELIVERABLE_LIMITS.chatMessage,
              className: s.full,
            })}
            <div className={`${d.preview} ${s.full}`}>
              <span className={s.legend} id="campaign-chat-preview-label">
                Preview
              </span>
              <output className={d.previewLine} aria-labelledby="campaign-chat-preview-label">
                {preview}
              </output>
              {draft.asks.link ? (
                <span className={s.muted}>The example link stands for each creator&apos;s own.</span>
              ) : null}
            </div>
            {text('chatEvery', 'Post every (minutes)', {
              inputMode: 'numeric',
              hint: `From ${DELIVERABLE_LIMITS.minEveryMinutes} to ${DELIVERABLE_LIMITS.maxEveryMinutes} minutes.`,
            })}
            {text('chatPosts', 'Posts to deliver', { inputMode: 'numeric' })}
            {text('chatCommand', 'Chat command (optional)', {
              adornment: '!',
              hint: 'Viewers typing it get the same line, e.g. !nova.',
            })}
          </Kind>
          <Kind
            kind="promo"
            label="Promo code redemptions"
            hint="You give each creator a code once they accept; your shop reports the orders."
            draft={draft}
            busy={busy}
            send={send}
          >
            {text('promoRedemptions', 'Redemptions to deliver', { inputMode: 'numeric' })}
          </Kind>
        </fieldset>
      </div>
    </Card>
  );
}

const PAY_MODES: Array<{ mode: PayMode; label: string; hint: string }> = [
  { mode: 'flat', label: 'Flat fee per creator', hint: 'Paid once every deliverable is met.' },
  { mode: 'perClick', label: 'Per click', hint: 'Each counted click of the tracked link, up to a cap per creator.' },
];

/** How creators are paid: the choice, then its amounts (the pay field is the cap with pay per click). */
export function PayFields({ draft, errors, busy, send, text }: Omit<Props, 'preview'>) {
  const perClick = draft.payMode === 'perClick';
  return (
    <>
      <fieldset
        className={`${s.choices} ${s.full}`}
        disabled={busy}
        aria-describedby={errors.payMode ? 'campaign-pay-mode-error' : undefined}
      >
        <legend className={s.legend}>Pay</legend>
        <div className={d.payModes}>
          {PAY_MODES.map((option) => (
            <label key={option.mode} className={s.check}>
              <input
                type="radio"
                name="payMode"
                value={option.mode}
                checked={draft.payMode === option.mode}
                aria-describedby={`campaign-pay-${option.mode}-hint`}
                onChange={() => send({ type: 'pay.mode', mode: option.mode })}
              />
              {option.label}
              <span id={`campaign-pay-${option.mode}-hint`} hidden>
                {option.hint}
              </span>
            </label>
          ))}
        </div>
        <p className={s.muted}>{PAY_MODES.find((option) => option.mode === draft.payMode)?.hint}</p>
        {errors.payMode ? (
          <p id="campaign-pay-mode-error" className={s.fieldError} role="alert">
            {errors.payMode}
          </p>
        ) : null}
      </fieldset>
      {perClick
        ? text('perClick', 'Pay per Click', {
            adornment: '$',
            inputMode: 'decimal',
            hint: 'In US dollars, e.g. 0.25.',
          })
        : null}
      {text('pay', perClick ? 'Cap per creator' : 'Pay per Creator', {
        adornment: '$',
        inputMode: 'decimal',
        hint: perClick ? 'The most one creator earns from clicks.' : 'In US dollars, e.g. 250 or 250.50.',
      })}
    </>
  );
}
