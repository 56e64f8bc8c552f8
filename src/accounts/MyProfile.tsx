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

const noticeText: Record<Exclude<ProfileNotice, null>, { tone: 'error' | 'success'; text: string }> = {
  updated: { tone: 'success', text: messages.profileUpdated },
  updateFailed: { tone: 'error', text: messages.profileUpdateFailed },
  updateNoToken: { tone: 'error', text: messages.profileUpdateNoToken },
  photoUploaded: { tone: 'success', text: messages.photoUploaded },
};

/** My Profile (docs/spec.md §2): read view, Edit, edit form with picture upload. `logic` replaces its API actors and delays (tests). */
export function MyProfileScreen({ logic }: { logic?: ProfileLogic }) {
  const [snapshot, send] = useMachine(useProfileLogic(logic), { inspect });
  const { profile, draft, preview, notice, loadError } = selectProfileContext(snapshot);
  const notes = notice ? noticeText[notice] : null;

  return (
    <div className={s.page}>
      <ScreenHeading title="My Profile">
        {selectProfileViewing(snapshot) ? (
          <div className={s.headingActions}>
            {/* docs/product.md §Discovery and negotiation: the public page brands see. */}
            <Link to="/media-kit">Media kit</Link>
            <Button variant="dashboard" onClick={() => send({ type: 'profile.edit' })}>
              <Icon name="user" size={18} />
              Edit
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
        what="profile"
        onRetry={() => send({ type: 'profile.retry' })}
      />
      {selectProfileViewing(snapshot) && profile ? <ProfileDetails user={profile} /> : null}
      {selectProfileEditing(snapshot) && profile ? (
        <ProfileForm
          user={profile}
          draft={draft}
          preview={preview}
          saving={selectProfileSaving(snapshot)}
          uploading={selectPhotoBusy(snapshot)}
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

function ProfileDetails({ user }: { user: User }) {
  const rows: [string, string][] = [
    ['Name', show(fullName(user))],
    ['Email', show(user.email)],
    ['Date of Birth', show(user.date_birth?.slice(0, 10))],
    ['Gender', show(user.gender)],
    // Codes such as the spec's `usa` read as USA; country names as they are.
    ['Country', show(user.country && user.country.length <= 3 ? user.country.toUpperCase() : user.country)],
    ['City', show(user.city)],
    ['Zip Code', show(user.zipcode)],
    ['Address', show(user.address)],
    ['Broadcasting Language', show(languageName(user.language))],
    ['Tier', show(user.tier)],
    ['Category', show(user.category)],
    ['Job Title', show(user.job_title)],
  ];
  return (
    <div className={s.details}>
      <Card as="section" aria-labelledby="profile-info">
        <h2 id="profile-info" className={s.sectionTitle}>
          Personal information
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
          About
        </h2>
        <p className={s.longText}>{show(user.about)}</p>
        <h2 className={s.sectionTitle}>Goals</h2>
        <p className={s.longText}>{show(user.goals)}</p>
      </Card>
    </div>
  );
}

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

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
      placeholder="Select"
      value={selected(draft[field], profileOptions[field])}
      options={options(profileOptions[field])}
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
          Profile picture
        </h2>
        <div className={s.picture}>
          <div data-testid="profile-picture" data-src={preview ?? avatarSrc(user)}>
            <Avatar
              src={preview ?? avatarSrc(user)}
              alt="Profile picture"
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
              Upload photo
            </label>
            <p className={s.hint}>Any image file.</p>
          </div>
        </div>
      </Card>
      <Card as="section" aria-labelledby="profile-edit">
        <h2 id="profile-edit" className={s.sectionTitle}>
          Personal information
        </h2>
        <div className={s.fields}>
          {text('first_name', 'First Name', { autoComplete: 'given-name' })}
          {text('last_name', 'Last Name', { autoComplete: 'family-name' })}
          <Field label="Email" name="email" value={user.email} readOnly hint="The email cannot be changed here." />
          {text('date_birth', 'Date of Birth', { type: 'date', autoComplete: 'bday' })}
          {select('gender', 'Gender')}
          {select('country', 'Country')}
          {text('city', 'City', { autoComplete: 'address-level2' })}
          {text('zipcode', 'Zip Code', { autoComplete: 'postal-code' })}
          {text('address', 'Address', { autoComplete: 'street-address' })}
          {select('language', 'Broadcasting Language')}
          {select('tier', 'Tier')}
          {select('category', 'Category')}
          {text('job_title', 'Job Title', { autoComplete: 'organization-title' })}
        </div>
        <div className={s.longFields}>
          <Field
            label="About"
            name="about"
            multiline
            rows={4}
            value={draft.about}
            onChange={(event) => onChange('about', event.target.value)}
          />
          <Field
            label="Goals"
            name="goals"
            multiline
            rows={4}
            value={draft.goals}
            onChange={(event) => onChange('goals', event.target.value)}
          />
        </div>
        <div className={s.formActions}>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="dashboard" disabled={saving}>
            Update
          </Button>
        </div>
      </Card>
    </form>
  );
}
