import { useMachine } from '@xstate/react';
import type { AdvertiserProfile } from '@/contract';
import type { VerificationStatus } from '@/contract/marketplace';
import type { AdvertiserProfileField } from '@/machines/marketplace/advertiserProfile.machine';
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

/** How each verification status reads (docs/product.md §Marketplace: the profile's verification status). */
export const verification: Record<VerificationStatus, { label: string; tone: ChipTone; text: string }> = {
  pending: {
    label: 'Waiting for approval',
    tone: 'warning',
    text: 'An operator is reviewing your company. Campaigns can be prepared now and launched once it is approved.',
  },
  approved: { label: 'Approved', tone: 'success', text: 'Your company is verified: your campaigns can be launched.' },
  rejected: {
    label: 'Rejected',
    tone: 'neutral',
    text: 'Your company was not approved. Correct the profile and send it again.',
  },
};

const FIELDS: Array<{
  field: AdvertiserProfileField;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string;
  multiline?: boolean;
}> = [
  { field: 'companyName', label: 'Company Name', autoComplete: 'organization' },
  {
    field: 'website',
    label: 'Website',
    type: 'url',
    autoComplete: 'url',
    hint: 'The full address, e.g. https://example.com',
  },
  { field: 'contactName', label: 'Contact Name', autoComplete: 'name' },
  { field: 'contactEmail', label: 'Contact Email', type: 'email', autoComplete: 'email' },
  // docs/product.md §Advertiser onboarding: asked at sign-up; the operator reads it when reviewing.
  {
    field: 'promotes',
    label: 'What do you want to promote?',
    autoComplete: 'off',
    hint: 'Your products or services, in a sentence or two (optional).',
    multiline: true,
  },
];

/** Company Profile (docs/product.md §Marketplace): the advertiser's company, its verification status, and the form that sends it for review. */
export function CompanyProfileScreen({ logic }: { logic?: AdvertiserProfileLogic }) {
  const [snapshot, send] = useMachine(useAdvertiserProfileLogic(logic), { inspect });
  const profile = selectCompanyProfile(snapshot);
  const error = selectCompanyError(snapshot);
  return (
    <div className={s.page}>
      <ScreenHeading title="Company Profile">
        {selectCompanyViewing(snapshot) ? (
          <Button variant="dashboard" onClick={() => send({ type: 'profile.edit' })}>
            <Icon name="user" size={18} />
            {profile?.status === 'rejected' ? 'Edit and Resend' : 'Edit'}
          </Button>
        ) : null}
      </ScreenHeading>
      <LoadState
        loading={selectCompanyLoading(snapshot)}
        error={selectCompanyFailed(snapshot) ? (error ?? '') : null}
        what="company profile"
        onRetry={() => send({ type: 'profile.retry' })}
      />
      {selectCompanySaved(snapshot) && selectCompanyViewing(snapshot) ? (
        <Alert tone="success">
          {profile?.status === 'approved' ? (
            'Your company profile was saved.'
          ) : (
            <>
              Your company profile was sent for review.{' '}
              {/* What to do while it is reviewed (issue 48 item 20): the checklist lives on Campaigns. */}
              <TextLink to="/campaigns">Next steps: Getting started on Campaigns</TextLink>
            </>
          )}
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
  return (
    <Card as="section" aria-labelledby="company-verification">
      <div className={s.spread}>
        <h2 id="company-verification" className={s.rowTitle}>
          Verification
        </h2>
        <Chip tone={status.tone} data-testid="verification-status">
          {status.label}
        </Chip>
      </div>
      <p className={`${s.muted} ${s.spacedSm}`}>{status.text}</p>
      {profile.status === 'rejected' && profile.rejectionReason ? (
        <Alert tone="error" title="Reason" className={s.retry}>
          {profile.rejectionReason}
        </Alert>
      ) : null}
    </Card>
  );
}

function CompanyDetails({ profile }: { profile: AdvertiserProfile }) {
  const rows: [string, string][] = [
    ['Company Name', profile.companyName],
    ['Website', profile.website],
    ['Contact Name', profile.contactName],
    ['Contact Email', profile.contactEmail],
    ...(profile.promotes ? ([['Promotes', profile.promotes]] as [string, string][]) : []),
  ];
  return (
    <Card as="section" aria-labelledby="company-details">
      <h2 id="company-details" className={s.sectionTitle}>
        Company
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
  errors: Partial<Record<AdvertiserProfileField, string>>;
  serverError: string | null;
  saving: boolean;
  canCancel: boolean;
  onChange: (field: AdvertiserProfileField, value: string) => void;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  return (
    <Card as="section" aria-labelledby="company-form">
      <h2 id="company-form" className={s.sectionTitle}>
        {first ? 'Tell us about your company' : 'Company'}
      </h2>
      {first ? (
        <p className={s.muted}>
          An operator checks every advertiser before its campaigns reach creators. Fill in your company and send it for
          review.
        </p>
      ) : null}
      <form
        className={s.formStack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <div className={s.fields}>
          {FIELDS.map(({ field, label, type, autoComplete, hint, multiline }) => (
            <Field
              key={field}
              label={label}
              name={field}
              className={multiline ? s.full : undefined}
              multiline={multiline}
              rows={multiline ? 3 : undefined}
              type={multiline ? undefined : (type ?? 'text')}
              autoComplete={autoComplete}
              hint={hint}
              value={draft[field]}
              error={errors[field]}
              disabled={saving}
              onChange={(event) => onChange(field, event.target.value)}
            />
          ))}
        </div>
        {serverError ? <Alert tone="error">{serverError}</Alert> : null}
        <div className={s.actions}>
          {canCancel ? (
            <Button variant="secondary" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" variant="dashboard" disabled={saving} aria-busy={saving || undefined}>
            {approved ? 'Save' : 'Send for Review'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
