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
import type { CampaignEditorMessage } from './campaignEditorCatalogue';
import { Card } from '@/src/ui/Card';
import { useMessages } from '@/src/i18n/i18n';
import * as s from './advertiser.css';
import * as d from './CampaignDeliverables.css';
import { campaignEditorMessages } from './campaignEditorCatalogue';
import { problemText } from './campaignEditorWords';

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
  const { t, locale } = useMessages(campaignEditorMessages);
  const deliverablesProblem = problemText(t, locale, errors.deliverables);
  return (
    <Card as="section" aria-labelledby="campaign-deliverable">
      <h2 id="campaign-deliverable" className={s.sectionTitle}>
        {t('deliverables.title')}
      </h2>
      <div className={s.formStack}>
        <div className={s.fields}>
          {text('startsOn', t('deliverables.startsOn'), { type: 'date' })}
          {text('endsOn', t('deliverables.endsOn'), { type: 'date' })}
        </div>
        <fieldset
          className={d.kinds}
          disabled={busy}
          aria-describedby={deliverablesProblem ? 'campaign-deliverables-error' : undefined}
        >
          <legend className={s.legend}>{t('deliverables.what')}</legend>
          {deliverablesProblem ? (
            <p id="campaign-deliverables-error" className={s.fieldError} role="alert">
              {deliverablesProblem}
            </p>
          ) : null}
          <Kind
            kind="overlay"
            label={t('deliverables.overlay')}
            hint={t('deliverables.overlayHint')}
            draft={draft}
            busy={busy}
            send={send}
          >
            {text('minutes', t('deliverables.minutes'), {
              inputMode: 'numeric',
              hint: t('deliverables.minutesHint'),
            })}
            {/* The overlay shows the disclosure and its minutes count only while disclosed: asked with it only. */}
            {text('disclosure', t('deliverables.disclosure'), {
              maxLength: MARKETPLACE_LIMITS.disclosure,
              hint: t('deliverables.disclosureHint'),
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
                {t('deliverables.requireDisclosure')}
              </label>
              <p id="campaign-requires-disclosure-hint" className={s.muted}>
                {t('deliverables.requireDisclosureHint')}
              </p>
            </div>
          </Kind>
          <Kind
            kind="link"
            label={t('deliverables.link')}
            hint={t('deliverables.linkHint')}
            draft={draft}
            busy={busy}
            send={send}
          >
            {text('linkUrl', t('deliverables.linkUrl'), {
              type: 'url',
              maxLength: DELIVERABLE_LIMITS.linkUrl,
              hint: t('deliverables.linkUrlHint'),
              className: s.full,
            })}
            {perClick ? (
              <p className={`${s.muted} ${s.full}`}>{t('deliverables.perClickNote')}</p>
            ) : (
              text('linkClicks', t('deliverables.linkClicks'), { inputMode: 'numeric' })
            )}
          </Kind>
          <Kind
            kind="chat"
            label={t('deliverables.chat')}
            hint={t('deliverables.chatHint')}
            draft={draft}
            busy={busy}
            send={send}
          >
            {text('chatMessage', t('deliverables.chatMessage'), {
              multiline: true,
              maxLength: DELIVERABLE_LIMITS.chatMessage,
              className: s.full,
            })}
            <div className={`${d.preview} ${s.full}`}>
              <span className={s.legend} id="campaign-chat-preview-label">
                {t('deliverables.preview')}
              </span>
              <output className={d.previewLine} aria-labelledby="campaign-chat-preview-label">
                {preview}
              </output>
              {draft.asks.link ? <span className={s.muted}>{t('deliverables.previewLink')}</span> : null}
            </div>
            {text('chatEvery', t('deliverables.chatEvery'), {
              inputMode: 'numeric',
              hint: t('deliverables.chatEveryHint', {
                min: DELIVERABLE_LIMITS.minEveryMinutes,
                max: DELIVERABLE_LIMITS.maxEveryMinutes,
              }),
            })}
            {text('chatPosts', t('deliverables.chatPosts'), { inputMode: 'numeric' })}
            {text('chatCommand', t('deliverables.chatCommand'), {
              adornment: '!',
              hint: t('deliverables.chatCommandHint'),
            })}
          </Kind>
          <Kind
            kind="promo"
            label={t('deliverables.promo')}
            hint={t('deliverables.promoHint')}
            draft={draft}
            busy={busy}
            send={send}
          >
            {text('promoRedemptions', t('deliverables.promoRedemptions'), { inputMode: 'numeric' })}
          </Kind>
        </fieldset>
      </div>
    </Card>
  );
}

const PAY_MODES: Array<{ mode: PayMode; label: CampaignEditorMessage; hint: CampaignEditorMessage }> = [
  { mode: 'flat', label: 'pay.flat', hint: 'pay.flatHint' },
  { mode: 'perClick', label: 'pay.perClick', hint: 'pay.perClickHint' },
];

/** How creators are paid: the choice, then its amounts (the pay field is the cap with pay per click). */
export function PayFields({ draft, errors, busy, send, text }: Omit<Props, 'preview'>) {
  const perClick = draft.payMode === 'perClick';
  const { t, locale } = useMessages(campaignEditorMessages);
  const payModeProblem = problemText(t, locale, errors.payMode);
  const modeHint = PAY_MODES.find((option) => option.mode === draft.payMode)?.hint;
  return (
    <>
      <fieldset
        className={`${s.choices} ${s.full}`}
        disabled={busy}
        aria-describedby={payModeProblem ? 'campaign-pay-mode-error' : undefined}
      >
        <legend className={s.legend}>{t('pay.legend')}</legend>
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
              {t(option.label)}
              <span id={`campaign-pay-${option.mode}-hint`} hidden>
                {t(option.hint)}
              </span>
            </label>
          ))}
        </div>
        <p className={s.muted}>{modeHint ? t(modeHint) : null}</p>
        {payModeProblem ? (
          <p id="campaign-pay-mode-error" className={s.fieldError} role="alert">
            {payModeProblem}
          </p>
        ) : null}
      </fieldset>
      {perClick
        ? text('perClick', t('pay.rate'), {
            adornment: '$',
            inputMode: 'decimal',
            hint: t('pay.rateHint'),
          })
        : null}
      {text('pay', perClick ? t('pay.cap') : t('pay.perCreator'), {
        adornment: '$',
        inputMode: 'decimal',
        hint: perClick ? t('pay.capHint') : t('pay.perCreatorHint'),
      })}
    </>
  );
}
