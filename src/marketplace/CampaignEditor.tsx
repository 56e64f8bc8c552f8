import { useMachine } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CAMPAIGN_LANGUAGES, MARKETPLACE_LIMITS, OPEN_OFFERS_PER_SPOT, PLATFORMS } from '@/contract/marketplace';
import type {
  CampaignDraft,
  CampaignEditorEvent,
  CampaignErrors,
  CampaignProblem,
  CampaignTextField,
} from '@/machines/marketplace/campaignEditor.machine';
import {
  selectEditorBusy,
  selectEditorChatPreview,
  selectEditorDraft,
  selectEditorError,
  selectEditorErrors,
  selectEditorFailed,
  selectEditorFormShown,
  selectEditorImage,
  selectEditorLoading,
  selectEditorLocked,
} from '@/machines/marketplace/campaignEditor.select';
import { inspect } from '@/src/app/inspect';
import { apiUrl } from '@/src/config';
import { useCampaignEditorLogic, type CampaignEditorLogic } from '@/src/marketplace/campaignEditor';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import { useMessages } from '@/src/i18n/i18n';
import * as s from './advertiser.css';
import { DeliverablesCard, PayFields, type TextField } from './CampaignDeliverables';
import { LoadState } from '@/src/common/LoadState';
import * as upload from '@/src/common/upload.css';
import { campaignEditorMessages } from './campaignEditorCatalogue';
import { editorErrorText, problemText } from './campaignEditorWords';

// The country list (about 195 names) loads after the form is interactive.
const CountryPicker = lazy(() => import('./CountryPicker').then((m) => ({ default: m.CountryPicker })));

/** /campaigns/new and /campaigns/:id/edit (docs/product.md §Marketplace): the campaign editor; a new route starts a new editor. */
export function CampaignEditorScreen({ logic }: { logic?: CampaignEditorLogic }) {
  const { id } = useParams();
  return <CampaignEditor key={id ?? 'new'} campaignId={id ?? null} logic={logic} />;
}

type Send = (event: CampaignEditorEvent) => void;

function CampaignEditor({ campaignId, logic }: { campaignId: string | null; logic?: CampaignEditorLogic }) {
  const [snapshot, send] = useMachine(useCampaignEditorLogic(logic), { input: { campaignId }, inspect });
  const { t } = useMessages(campaignEditorMessages);
  const failure = selectEditorError(snapshot);
  const error = failure ? editorErrorText(t, failure) : null;
  const back = campaignId ? `/campaigns/${encodeURIComponent(campaignId)}` : '/campaigns';
  return (
    <div className={s.page}>
      <ScreenHeading title={campaignId ? t('editor.titleEdit') : t('editor.titleNew')} />
      <LoadState
        loading={selectEditorLoading(snapshot)}
        error={selectEditorFailed(snapshot) ? (error ?? '') : null}
        what={t('editor.loading')}
        onRetry={() => send({ type: 'form.retry' })}
      />
      {selectEditorLocked(snapshot) ? (
        <Alert tone="info" title={t('editor.lockedTitle')}>
          <p>{t('editor.lockedText')}</p>
          <Button variant="secondary" size="sm" className={s.retry} asChild>
            <Link to={back}>{t('editor.back')}</Link>
          </Button>
        </Alert>
      ) : null}
      {selectEditorFormShown(snapshot) ? (
        <form
          className={s.formStack}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'form.submit' });
          }}
        >
          <CampaignFields
            draft={selectEditorDraft(snapshot)}
            errors={selectEditorErrors(snapshot)}
            busy={selectEditorBusy(snapshot)}
            send={send}
            preview={selectEditorChatPreview(snapshot)}
          />
          <Creative
            image={selectEditorImage(snapshot)}
            error={selectEditorErrors(snapshot).image}
            busy={selectEditorBusy(snapshot)}
            send={send}
          />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className={s.actions}>
            <Button variant="secondary" asChild>
              <Link to={back}>{t('editor.cancel')}</Link>
            </Button>
            <Button
              type="submit"
              variant="dashboard"
              disabled={selectEditorBusy(snapshot)}
              aria-busy={selectEditorBusy(snapshot) || undefined}
            >
              {t('editor.save')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

function CampaignFields({
  draft,
  errors,
  busy,
  send,
  preview,
}: {
  draft: CampaignDraft;
  errors: CampaignErrors;
  busy: boolean;
  send: Send;
  preview: string;
}) {
  const { t, locale } = useMessages(campaignEditorMessages);
  const text: TextField = (
    field: CampaignTextField,
    label: string,
    extra: {
      type?: string;
      hint?: string;
      inputMode?: 'decimal' | 'numeric';
      adornment?: string;
      multiline?: boolean;
      maxLength?: number;
      className?: string;
    } = {},
  ) => (
    <Field
      label={label}
      name={field}
      value={draft[field]}
      error={problemText(t, locale, errors[field])}
      disabled={busy}
      onChange={(event) => send({ type: 'field.change', field, value: event.target.value })}
      {...extra}
    />
  );
  return (
    <>
      <Card as="section" aria-labelledby="campaign-basics">
        <h2 id="campaign-basics" className={s.sectionTitle}>
          {t('basics.title')}
        </h2>
        <div className={s.fields}>
          {text('brand', t('basics.brand'), { maxLength: MARKETPLACE_LIMITS.brand })}
          {text('title', t('basics.titleField'), { maxLength: MARKETPLACE_LIMITS.title })}
          {text('description', t('basics.description'), {
            multiline: true,
            className: s.full,
            // Optional at Save, required at Launch (issue 48 item 9): said while it is missing.
            hint: draft.description.trim() === '' ? t('basics.descriptionHintMissing') : t('basics.descriptionHint'),
          })}
          <PayFields draft={draft} errors={errors} busy={busy} send={send} text={text} />
          {text('spots', t('basics.spots'), { inputMode: 'numeric', hint: t('basics.spotsHint') })}
          <fieldset className={s.choices} disabled={busy}>
            <legend className={s.legend}>{t('basics.matching')}</legend>
            <label className={s.check}>
              <input
                type="checkbox"
                name="autoMatch"
                checked={draft.autoMatch}
                onChange={(event) => send({ type: 'matching.set', on: event.target.checked })}
              />
              {t('basics.autoMatch')}
            </label>
            <p className={s.muted}>
              {draft.autoMatch ? t('basics.autoMatchOn', { count: OPEN_OFFERS_PER_SPOT }) : t('basics.autoMatchOff')}
            </p>
          </fieldset>
        </div>
      </Card>
      <Card as="section" aria-labelledby="campaign-targeting">
        <h2 id="campaign-targeting" className={s.sectionTitle}>
          {t('targeting.title')}
        </h2>
        <div className={s.fields}>
          <fieldset className={s.choices} disabled={busy}>
            <legend className={s.legend}>{t('targeting.platforms')}</legend>
            <div className={s.choiceRow}>
              {PLATFORMS.map((platform) => (
                <label key={platform} className={s.check}>
                  <input
                    type="checkbox"
                    checked={draft.platforms.includes(platform)}
                    onChange={() => send({ type: 'choice.toggle', field: 'platforms', value: platform })}
                  />
                  {platform}
                </label>
              ))}
            </div>
            {draft.platforms.length === 0 ? <p className={s.muted}>{t('targeting.platformsNeeded')}</p> : null}
          </fieldset>
          <fieldset className={s.choices} disabled={busy}>
            <legend className={s.legend}>{t('targeting.languages')}</legend>
            <div className={s.choiceRow}>
              {CAMPAIGN_LANGUAGES.map((language) => (
                <label key={language} className={s.check}>
                  <input
                    type="checkbox"
                    checked={draft.languages.includes(language)}
                    onChange={() => send({ type: 'choice.toggle', field: 'languages', value: language })}
                  />
                  {t('targeting.language', { language })}
                </label>
              ))}
            </div>
            {draft.languages.length === 0 ? <p className={s.muted}>{t('targeting.languagesNeeded')}</p> : null}
          </fieldset>
          <Suspense fallback={<p className={s.muted}>{t('targeting.loadingCountries')}</p>}>
            <CountryPicker
              chosen={draft.countries}
              disabled={busy}
              onAdd={(country) => send({ type: 'country.add', country })}
              onRemove={(country) => send({ type: 'country.remove', country })}
            />
          </Suspense>
          {text('categories', t('targeting.categories'), { hint: t('targeting.categoriesHint') })}
          {text('minAvgViewers', t('targeting.minAvgViewers'), {
            inputMode: 'numeric',
            hint: t('targeting.optional'),
          })}
        </div>
      </Card>
      <DeliverablesCard draft={draft} errors={errors} busy={busy} send={send} text={text} preview={preview} />
    </>
  );
}

/** The creative: a local preview of the picked file (uploaded with the draft), else the stored image. */
function Creative({
  image,
  error,
  busy,
  send,
}: {
  image: string | null;
  error: CampaignProblem | undefined;
  busy: boolean;
  send: Send;
}) {
  const { t, locale } = useMessages(campaignEditorMessages);
  const problem = problemText(t, locale, error);
  const src = image === null ? null : /^(blob|data):/.test(image) ? image : apiUrl(image);
  return (
    <Card as="section" aria-labelledby="campaign-creative">
      <h2 id="campaign-creative" className={s.sectionTitle}>
        {t('creative.title')}
      </h2>
      <div className={s.creative}>
        {src ? (
          <img src={src} alt={t('creative.alt')} className={s.creativeImage} data-testid="campaign-creative" />
        ) : (
          <div className={s.creativePlaceholder}>
            <Icon name="image" size={32} />
          </div>
        )}
        <div className={s.formStack}>
          <input
            id="campaign-image"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className={upload.fileInput}
            disabled={busy}
            aria-describedby="campaign-image-hint"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) send({ type: 'image.select', file, previewUrl: URL.createObjectURL(file) });
            }}
          />
          <label htmlFor="campaign-image" className={upload.uploadLabel} data-disabled={busy ? 'true' : undefined}>
            <Icon name="upload" size={18} />
            {t('creative.choose')}
          </label>
          <p id="campaign-image-hint" className={s.muted}>
            {t('creative.hint')}
          </p>
          {problem ? (
            <p className={s.fieldError} role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
