import { useMachine } from '@xstate/react';
import type { AdvertiserProfile } from '@/contract';
import type { VerificationStatus } from '@/contract/marketplace';
import type { AdvertiserProfileErrors, AdvertiserProfileField } from '@/machines/marketplace/advertiserProfile.machine';
import {
  selectCompanyCanCancel,
  selectCompanyDraft,
  selectCompanyEditing,
  selectCompanyError,
  selectCompanyErrors,
  selectCompanyFailed,
  selectCompanyLoading,
  selectCompanyProfile,
  selectCompanySaved,
  selectCompanySaving,
  selectCompanyViewing,
} from '@/machines/marketplace/advertiserProfile.select';
import { inspect } from '@/src/app/inspect';
import { useAdvertiserProfileLogic, type AdvertiserProfileLogic } from '@/src/marketplace/advertiserProfile';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip, type ChipTone } from '@/src/ui/Chip';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { Link as TextLink } from '@/src/ui/Link';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import * as s from './advertiser.css';
import { LoadState } from '@/src/common/LoadState';
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
import { advertiserMessages, type AdvertiserMessage } from './advertiserCatalogue';
import { FIELD_LABELS, problemText } from './advertiserWords';

/** How each verification status reads (docs/product.md §Marketplace: the profile's verification status). */
export const verification = {
  pending: { label: 'company.pending', tone: 'warning', text: 'company.pendingText' },
  approved: { label: 'company.approved', tone: 'success', text: 'company.approvedText' },
  rejected: { label: 'company.rejected', tone: 'neutral', text: 'company.rejectedText' },
} as const satisfies Record<VerificationStatus, { label: AdvertiserMessage; tone: ChipTone; text: AdvertiserMessage }>;

const FIELDS: Array<{
  field: AdvertiserProfileField;
  type?: string;
  autoComplete: string;
  hint?: AdvertiserMessage;
  multiline?: boolean;
}> = [
  { field: 'companyName', autoComplete: 'organization' },
  { field: 'website', type: 'url', autoComplete: 'url', hint: 'field.websiteHint' },
  { field: 'contactName', autoComplete: 'name' },
  { field: 'contactEmail', type: 'email', autoComplete: 'email' },
  // docs/product.md §Advertiser onboarding: asked at sign-up; the operator reads it when reviewing.
  { field: 'promotes', autoComplete: 'off', hint: 'company.promotesHint', multiline: true },
];

/** Company Profile (docs/product.md §Marketplace): the advertiser's company, its verification status, and the form that sends it for review. */
export function CompanyProfileScreen({ logic }: { logic?: AdvertiserProfileLogic }) {
  const [snapshot, send] = useMachine(useAdvertiserProfileLogic(logic), { inspect });
  const profile = selectCompanyProfile(snapshot);
  const error = selectCompanyError(snapshot);
  const { t } = useMessages(advertiserMessages);
  return (
    <div className={s.page}>
      <ScreenHeading title={t('company.title')}>
        {selectCompanyViewing(snapshot) ? (
          <Button variant="dashboard" onClick={() => send({ type: 'profile.edit' })}>
            <Icon name="user" size={18} />
            {t(profile?.status === 'rejected' ? 'company.editResend' : 'company.edit')}
          </Button>
        ) : null}
      </ScreenHeading>
      <LoadState
        loading={selectCompanyLoading(snapshot)}
        error={selectCompanyFailed(snapshot) ? (error ?? '') : null}
        what={t('company.loading')}
        onRetry={() => send({ type: 'profile.retry' })}
      />
      {selectCompanySaved(snapshot) && selectCompanyViewing(snapshot) ? (
        <Alert tone="success">
          {profile?.status === 'approved'
            ? t('company.saved')
            : // What to do while it is reviewed (issue 48 item 20): the checklist lives on Campaigns.
              withTags(t('company.sent'), { link: (text) => <TextLink to="/campaigns">{text}</TextLink> })}
        </Alert>
      ) : null}
      {profile && !selectCompanyLoading(snapshot) ? <VerificationCard profile={profile} /> : null}
      {selectCompanyViewing(snapshot) && profile ? <CompanyDetails profile={profile} /> : null}
      {selectCompanyEditing(snapshot) ? (
        <CompanyForm
          first={profile === null}
          approved={profile?.status === 'approved'}
          draft={selectCompanyDraft(snapshot)}
          errors={selectCompanyErrors(snapshot)}
          serverError={error}
          saving={selectCompanySaving(snapshot)}
          canCancel={selectCompanyCanCancel(snapshot)}
          onChange={(field, value) => send({ type: 'field.change', field, value })}
          onCancel={() => send({ type: 'profile.cancel' })}
          onSubmit={() => send({ type: 'profile.submit' })}
        />
      ) : null}
    </div>
  );
}

function VerificationCard({ profile }: { profile: AdvertiserProfile }) {
  const status = verification[profile.status];
  const { t } = useMessages(advertiserMessages);
  return (
    <Card as="section" aria-labelledby="company-verification">
      <div className={s.spread}>
        <h2 id="company-verification" className={s.rowTitle}>
          {t('company.verification')}
        </h2>
        <Chip tone={status.tone} data-testid="verification-status">
          {t(status.label)}
        </Chip>
      </div>
      <p className={`${s.muted} ${s.spacedSm}`}>{t(status.text)}</p>
      {profile.status === 'rejected' && profile.rejectionReason ? (
        <Alert tone="error" title={t('company.reason')} className={s.retry}>
          {profile.rejectionReason}
        </Alert>
      ) : null}
    </Card>
  );
}

function CompanyDetails({ profile }: { profile: AdvertiserProfile }) {
  const { t } = useMessages(advertiserMessages);
  const rows: [string, string][] = [
    [t(FIELD_LABELS.companyName), profile.companyName],
    [t(FIELD_LABELS.website), profile.website],
    [t(FIELD_LABELS.contactName), profile.contactName],
    [t(FIELD_LABELS.contactEmail), profile.contactEmail],
    ...(profile.promotes ? ([[t('company.promotes'), profile.promotes]] as [string, string][]) : []),
  ];
  return (
    <Card as="section" aria-labelledby="company-details">
      <h2 id="company-details" className={s.sectionTitle}>
        {t('company.details')}
      </h2>
      <dl className={s.facts}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className={s.term}>{label}</dt>
            <dd className={s.value}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function CompanyForm({
  first,
  approved,
  draft,
  errors,
  serverError,
  saving,
  canCancel,
  onChange,
  onCancel,
  onSubmit,
}: {
  first: boolean;
  approved: boolean;
  draft: Record<AdvertiserProfileField, string>;
  errors: AdvertiserProfileErrors;
  serverError: string | null;
  saving: boolean;
  canCancel: boolean;
  onChange: (field: AdvertiserProfileField, value: string) => void;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  const { t } = useMessages(advertiserMessages);
  return (
    <Card as="section" aria-labelledby="company-form">
      <h2 id="company-form" className={s.sectionTitle}>
        {t(first ? 'company.formFirst' : 'company.details')}
      </h2>
      {first ? <p className={s.muted}>{t('company.formIntro')}</p> : null}
      <form
        className={s.formStack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <div className={s.fields}>
          {FIELDS.map(({ field, type, autoComplete, hint, multiline }) => (
            <Field
              key={field}
              label={t(FIELD_LABELS[field])}
              name={field}
              className={multiline ? s.full : undefined}
              multiline={multiline}
              rows={multiline ? 3 : undefined}
              type={multiline ? undefined : (type ?? 'text')}
              autoComplete={autoComplete}
              hint={hint ? t(hint) : undefined}
              value={draft[field]}
              error={problemText(t, errors[field])}
              disabled={saving}
              onChange={(event) => onChange(field, event.target.value)}
            />
          ))}
        </div>
        {serverError ? <Alert tone="error">{serverError}</Alert> : null}
        <div className={s.actions}>
          {canCancel ? (
            <Button variant="secondary" onClick={onCancel} disabled={saving}>
              {t('company.cancel')}
            </Button>
          ) : null}
          <Button type="submit" variant="dashboard" disabled={saving} aria-busy={saving || undefined}>
            {t(approved ? 'company.save' : 'company.send')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
