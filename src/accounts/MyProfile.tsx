import { useMachine } from '@xstate/react';
import {
  languageName,
  profileOptions,
  type ProfileDraft,
  type ProfileField,
  type ProfileNotice,
} from '@/machines/accounts/profile.machine';
import {
  selectPhotoBusy,
  selectProfileContext,
  selectProfileEditing,
  selectProfileFailed,
  selectProfileLoading,
  selectProfileSaving,
  selectProfileViewing,
} from '@/machines/accounts/profile.select';
import type { User } from '@/machines/types';
import { inspect } from '@/src/app/inspect';
import { messages } from '@/src/messages';
import { useProfileLogic, type ProfileLogic } from '@/src/accounts/profile';
import { Alert } from '@/src/ui/Alert';
import { Avatar } from '@/src/ui/Avatar';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Field, NativeSelectField } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { Link } from '@/src/ui/Link';
import { avatarSrc, fullName } from '@/src/shell/ProfileTrigger';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import * as s from './MyProfile.css';
import { LoadState } from '@/src/common/LoadState';
import * as upload from '@/src/common/upload.css';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import type { Locale } from '@/src/i18n/locales';
import type { Gender } from '@/contract/profile';
import { accountsSignedInMessages, type AccountsSignedInMessage } from './signedInCatalogue';

// The spec's notices (src/messages.ts) read the same in both languages: the spec writes them in Spanish.
const noticeText: Record<Exclude<ProfileNotice, null>, { tone: 'error' | 'success'; text: string }> = {
  updated: { tone: 'success', text: messages.profileUpdated },
  updateFailed: { tone: 'error', text: messages.profileUpdateFailed },
  updateNoToken: { tone: 'error', text: messages.profileUpdateNoToken },
  photoUploaded: { tone: 'success', text: messages.photoUploaded },
};

/** What each stored choice reads as in the page's language; a value not listed (typed elsewhere) shows as stored. */
const GENDER_TEXTS: Record<Gender, AccountsSignedInMessage> = { Male: 'complete.male', Female: 'complete.female' };
const CHOICE_TEXTS: Partial<Record<string, AccountsSignedInMessage>> = {
  ...GENDER_TEXTS,
  English: 'complete.english',
  Spanish: 'complete.spanish',
  Gaming: 'profile.gaming',
};

/**
 * My Profile (docs/spec.md §2): read view, Edit, edit form with picture upload, in the page's language (the values
 * the profile stores, the creator's own words and the country names as registration lists them stay as they are).
 * `logic` replaces its API actors and delays (tests).
 */
export function MyProfileScreen({ logic }: { logic?: ProfileLogic }) {
  const [snapshot, send] = useMachine(useProfileLogic(logic), { inspect });
  const { profile, draft, preview, notice, loadError } = selectProfileContext(snapshot);
  const notes = notice ? noticeText[notice] : null;
  const { t, locale } = useMessages(accountsSignedInMessages);

  return (
    <div className={s.page}>
      <ScreenHeading title={t('profile.title')}>
        {selectProfileViewing(snapshot) ? (
          <div className={s.headingActions}>
            {/* docs/product.md §Discovery and negotiation: the public page brands see. */}
            <Link to="/media-kit">{t('profile.mediaKit')}</Link>
            <Button variant="dashboard" onClick={() => send({ type: 'profile.edit' })}>
              <Icon name="user" size={18} />
              {t('profile.edit')}
            </Button>
          </div>
        ) : null}
      </ScreenHeading>
      {notes ? (
        <Alert tone={notes.tone} className={s.notice}>
          {notes.text}
        </Alert>
      ) : null}
      <LoadState
        loading={selectProfileLoading(snapshot)}
        error={selectProfileFailed(snapshot) ? (loadError ?? '') : null}
        what={t('profile.loading')}
        onRetry={() => send({ type: 'profile.retry' })}
      />
      {selectProfileViewing(snapshot) && profile ? <ProfileDetails user={profile} t={t} locale={locale} /> : null}
      {selectProfileEditing(snapshot) && profile ? (
        <ProfileForm
          user={profile}
          draft={draft}
          preview={preview}
          saving={selectProfileSaving(snapshot)}
          uploading={selectPhotoBusy(snapshot)}
          t={t}
          onChange={(field, value) => send({ type: 'field.change', field, value })}
          onCancel={() => send({ type: 'profile.cancel' })}
          onSubmit={() => send({ type: 'profile.submit' })}
          onPhoto={(file) => send({ type: 'photo.select', file, previewUrl: URL.createObjectURL(file) })}
        />
      ) : null}
    </div>
  );
}

const show = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

type Words = (id: AccountsSignedInMessage) => string;

/** A stored choice in the page's language (as stored when the catalogue has no word for it). */
const choice = (t: Words, value: string | null | undefined) => {
  const id = value ? CHOICE_TEXTS[value] : undefined;
  return id ? t(id) : value;
};

function ProfileDetails({ user, t, locale }: { user: User; t: Words; locale: Locale }) {
  const born = user.date_birth?.slice(0, 10);
  const rows: [string, string][] = [
    [t('profile.name'), show(fullName(user))],
    [t('profile.email'), show(user.email)],
    // The day the profile keeps, written the language's way ("May 2, 1990", "2 may 1990").
    [t('profile.dateOfBirth'), show(born ? formatsIn(locale).day(born) : born)],
    [t('profile.gender'), show(choice(t, user.gender))],
    // Codes such as the spec's `usa` read as USA; country names as they are.
    [t('profile.country'), show(user.country && user.country.length <= 3 ? user.country.toUpperCase() : user.country)],
    [t('profile.city'), show(user.city)],
    [t('profile.zipcode'), show(user.zipcode)],
    [t('profile.address'), show(user.address)],
    [t('profile.language'), show(choice(t, languageName(user.language)))],
    [t('profile.tier'), show(user.tier)],
    [t('profile.category'), show(choice(t, user.category))],
    [t('profile.jobTitle'), show(user.job_title)],
  ];
  return (
    <div className={s.details}>
      <Card as="section" aria-labelledby="profile-info">
        <h2 id="profile-info" className={s.sectionTitle}>
          {t('profile.personal')}
        </h2>
        <dl className={s.grid} data-testid="profile-details">
          {rows.map(([label, value]) => (
            <div key={label} className={s.item}>
              <dt className={s.term}>{label}</dt>
              <dd className={s.value}>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card as="section" aria-labelledby="profile-about">
        <h2 id="profile-about" className={s.sectionTitle}>
          {t('profile.about')}
        </h2>
        <p className={s.longText}>{show(user.about)}</p>
        <h2 className={s.sectionTitle}>{t('profile.goals')}</h2>
        <p className={s.longText}>{show(user.goals)}</p>
      </Card>
    </div>
  );
}

const options = (t: Words, values: readonly string[]) =>
  values.map((value) => ({ value, label: choice(t, value) ?? value }));

/** A select whose stored value may not be among the options (e.g. a country typed at registration). */
const selected = (value: string, values: readonly string[]) => (values.includes(value) ? value : '');

function ProfileForm({
  user,
  draft,
  preview,
  saving,
  uploading,
  onChange,
  onCancel,
  onSubmit,
  onPhoto,
  t,
}: {
  user: User;
  draft: ProfileDraft;
  preview: string | null;
  saving: boolean;
  uploading: boolean;
  onChange: (field: ProfileField, value: string) => void;
  onCancel: () => void;
  onSubmit: () => void;
  onPhoto: (file: File) => void;
  t: Words;
}) {
  const text = (field: ProfileField, label: string, extra: { type?: string; autoComplete?: string } = {}) => (
    <Field
      label={label}
      name={field}
      value={draft[field]}
      onChange={(event) => onChange(field, event.target.value)}
      {...extra}
    />
  );
  const select = (field: keyof typeof profileOptions, label: string) => (
    <NativeSelectField
      label={label}
      name={field}
      placeholder={t('complete.select')}
      value={selected(draft[field], profileOptions[field])}
      options={options(t, profileOptions[field])}
      onChange={(event) => onChange(field, event.target.value)}
    />
  );
  return (
    <form
      className={s.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Card as="section" aria-labelledby="profile-picture" className={s.pictureCard}>
        <h2 id="profile-picture" className={s.sectionTitle}>
          {t('profile.picture')}
        </h2>
        <div className={s.picture}>
          <div data-testid="profile-picture" data-src={preview ?? avatarSrc(user)}>
            <Avatar
              src={preview ?? avatarSrc(user)}
              alt={t('profile.picture')}
              fallback={user.first_name?.[0] ?? '?'}
              size="xl"
            />
          </div>
          <div className={s.pictureActions}>
            <input
              id="profile-photo"
              type="file"
              accept="image/*"
              className={upload.fileInput}
              disabled={uploading}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) onPhoto(file);
              }}
            />
            <label
              htmlFor="profile-photo"
              className={upload.uploadLabel}
              data-disabled={uploading ? 'true' : undefined}
            >
              <Icon name="upload" size={18} />
              {t('profile.upload')}
            </label>
            <p className={s.hint}>{t('profile.anyImage')}</p>
          </div>
        </div>
      </Card>
      <Card as="section" aria-labelledby="profile-edit">
        <h2 id="profile-edit" className={s.sectionTitle}>
          {t('profile.personal')}
        </h2>
        <div className={s.fields}>
          {text('first_name', t('profile.firstName'), { autoComplete: 'given-name' })}
          {text('last_name', t('profile.lastName'), { autoComplete: 'family-name' })}
          <Field label={t('profile.email')} name="email" value={user.email} readOnly hint={t('profile.emailFixed')} />
          {text('date_birth', t('profile.dateOfBirth'), { type: 'date', autoComplete: 'bday' })}
          {select('gender', t('profile.gender'))}
          {select('country', t('profile.country'))}
          {text('city', t('profile.city'), { autoComplete: 'address-level2' })}
          {text('zipcode', t('profile.zipcode'), { autoComplete: 'postal-code' })}
          {text('address', t('profile.address'), { autoComplete: 'street-address' })}
          {select('language', t('profile.language'))}
          {select('tier', t('profile.tier'))}
          {select('category', t('profile.category'))}
          {text('job_title', t('profile.jobTitle'), { autoComplete: 'organization-title' })}
        </div>
        <div className={s.longFields}>
          <Field
            label={t('profile.about')}
            name="about"
            multiline
            rows={4}
            value={draft.about}
            onChange={(event) => onChange('about', event.target.value)}
          />
          <Field
            label={t('profile.goals')}
            name="goals"
            multiline
            rows={4}
            value={draft.goals}
            onChange={(event) => onChange('goals', event.target.value)}
          />
        </div>
        <div className={s.formActions}>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            {t('profile.cancel')}
          </Button>
          <Button type="submit" variant="dashboard" disabled={saving}>
            {t('profile.update')}
          </Button>
        </div>
      </Card>
    </form>
  );
}
