// My Profile (docs/spec.md §2 My Profile, §4, §8, §9 loader), replayed along profile's recorded paths on the real
// screen: the profile read (Try again when it fails), the read view, the edit form whose save and photo upload each
// hold the session's global loading overlay until the loader hides about 1 s later (fake timers), the notices of
// docs/spec.md §8, and the header's user following a save or an upload.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { MissingTokenError, profileMachine, type ProfileDraft } from '@/machines/accounts/profile.machine';
import { LOADER_HIDE_MS } from '@/machines/timing';
import type { User } from '@/machines/types';
import { MyProfileScreen } from '@/src/accounts/MyProfile';
import { messages } from '@/src/messages';
import { avatarSrc } from '@/src/shell/ProfileTrigger';
import { controlled, renderScreen, type Gestures } from './harness';
import { walkScreens } from './screens';

// Synchronous fireEvent, not user-event: Testing Library's async wrapper waits on a real setTimeout, which fake timers stop.
beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:picked-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const LABEL: Partial<Record<keyof ProfileDraft, string>> = { city: 'City' };
type Notice = { tone: 'alert' | 'status'; text: string } | null;

function mount() {
  vi.useFakeTimers();
  // A failed upload is logged only (docs/spec.md §8); kept out of the test output.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const load = controlled<User>();
  const save = controlled<User, { draft: ProfileDraft; image: string | null }>();
  const upload = controlled<{ photoUrl: string }, { file: File }>();
  const view = renderScreen(
    <MyProfileScreen
      logic={profileMachine.provide({
        actors: { loadProfile: load.logic, saveProfile: save.logic, uploadPhoto: upload.logic },
      })}
    />,
    { path: '/my-profile', jwt: 'test.jwt' },
  );
  /** What the screen should show: the profile read or saved, the draft, the picked preview, the notice. */
  const model = {
    user: null as User | null,
    sessionUser: null as User | null,
    loadError: null as string | null,
    draft: {} as Partial<ProfileDraft>,
    preview: null as string | null,
    notice: null as Notice,
    /** The image the last save sent: the profile's when Update was clicked. */
    sentImage: null as string | null,
    loads: 0,
    saves: 0,
    uploads: 0,
  };
  /** The notices shown (the harness's location readout, an <output>, is a status too). */
  const notices = () => [
    ...screen.queryAllByRole('alert'),
    ...screen.queryAllByRole('status').filter((element) => element !== screen.getByTestId('location')),
  ];
  const update = () => screen.getByRole('button', { name: 'Update' });
  const cancel = () => screen.getByRole('button', { name: 'Cancel' });
  const photoInput = () => screen.getByLabelText('Upload photo');
  const picture = () => screen.getByTestId('profile-picture').getAttribute('data-src');
  const holds = () => view.session().getSnapshot().context.holds;
  return {
    view,
    load,
    save,
    upload,
    model,
    notices,
    update,
    cancel,
    photoInput,
    picture,
    holds,
    gestures: {
      'xstate.done.actor.loadProfile': async ({ output }) => {
        model.loads += 1;
        model.user = output;
        model.loadError = null;
        await load.resolve(output);
      },
      'xstate.error.actor.loadProfile': async ({ error }) => {
        model.loads += 1;
        model.loadError = (error as Error).message;
        await load.reject(error);
      },
      'profile.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
      'profile.edit': () => {
        model.draft = { city: model.user!.city ?? '' };
        model.notice = null;
        fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
      },
      'profile.cancel': () => {
        model.notice = null;
        model.preview = null;
        fireEvent.click(cancel());
      },
      'profile.submit': () => {
        model.notice = null;
        model.sentImage = model.user!.image;
        fireEvent.click(update());
      },
      'field.change': ({ field, value }) => {
        const label = LABEL[field];
        if (!label) throw new Error(`No label for ${field}`);
        model.draft[field] = value;
        fireEvent.change(screen.getByLabelText(label), { target: { value } });
      },
      // The sample's file is plain data (name and type); the person picks a real File.
      'photo.select': ({ file: { name, type } }) => {
        fireEvent.change(photoInput(), { target: { files: [new File(['x'], name, { type })] } });
        if (type.startsWith('image/')) {
          model.preview = vi.mocked(URL.createObjectURL).mock.results.at(-1)!.value as string;
          model.notice = null;
        }
      },
      'xstate.done.actor.saveProfile': async ({ output }) => {
        model.saves += 1;
        model.user = output;
        model.sessionUser = output;
        model.notice = { tone: 'status', text: messages.profileUpdated };
        await save.resolve(output);
      },
      'xstate.error.actor.saveProfile': async ({ error }) => {
        model.saves += 1;
        model.notice = {
          tone: 'alert',
          text: error instanceof MissingTokenError ? messages.profileUpdateNoToken : messages.profileUpdateFailed,
        };
        await save.reject(error);
      },
      'xstate.done.actor.uploadPhoto': async ({ output }) => {
        model.uploads += 1;
        model.user = { ...model.user!, image: output.photoUrl };
        model.sessionUser = model.user;
        model.preview = null;
        model.notice = { tone: 'status', text: messages.photoUploaded };
        await upload.resolve(output);
      },
      'xstate.error.actor.uploadPhoto': async ({ error }) => {
        model.uploads += 1;
        await upload.reject(error);
      },
      'xstate.after.loaderHide': async () => {
        await act(() => vi.advanceTimersByTimeAsync(LOADER_HIDE_MS));
        // Back on the read view, the picked preview is dropped.
        if (!screen.queryByRole('button', { name: 'Update' })) model.preview = null;
      },
    } satisfies Gestures<typeof profileMachine>,
  };
}
type Mounted = ReturnType<typeof mount>;
type Check = (mounted: Mounted) => void;

/** The notice of docs/spec.md §8 the model expects, and nothing else. */
const noticeShown: Check = ({ model, notices }) => {
  if (model.notice) {
    expect(notices()).toHaveLength(1);
    expect(notices()[0]).toHaveAttribute('role', model.notice.tone);
    expect(notices()[0]).toHaveTextContent(model.notice.text);
  } else expect(notices()).toEqual([]);
};

/** The edit form: the fields from the profile as edited, the picture (the picked preview until an upload replaces it). */
const editForm: Check = (mounted) => {
  const { model, view, picture } = mounted;
  noticeShown(mounted);
  expect(screen.queryByTestId('profile-details')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  expect(screen.getByLabelText('First Name')).toHaveValue(model.user!.first_name);
  expect(screen.getByLabelText('City')).toHaveValue(model.draft.city);
  expect(picture()).toBe(model.preview ?? avatarSrc(model.user));
  expect(view.session().getSnapshot().context.user).toEqual(model.sessionUser);
};

const form: Record<string, Check> = {
  // Update and Cancel ready; nothing being saved.
  'editing.form.idle': ({ save, model, update, cancel }) => {
    expect(update()).toBeEnabled();
    expect(cancel()).toBeEnabled();
    expect(save.started).toBe(model.saves);
  },
  // The form is being saved (with the current image): Update and Cancel wait.
  'editing.form.busy.saving': ({ save, model, update, cancel }) => {
    expect(save.started).toBe(model.saves + 1);
    expect(save.inputs.at(-1)).toEqual({
      draft: expect.objectContaining({ first_name: model.user!.first_name, ...model.draft }),
      image: model.sentImage,
    });
    expect(update()).toBeDisabled();
    expect(cancel()).toBeDisabled();
  },
  // Saved (its notice shows until a picture is picked): the form waits for the loader to hide.
  'editing.form.busy.saved': ({ save, model, update, cancel }) => {
    expect(save.started).toBe(model.saves);
    expect(update()).toBeDisabled();
    expect(cancel()).toBeDisabled();
  },
};

const photo: Record<string, Check> = {
  // A picture can be picked; no upload under way.
  'photo.idle': ({ upload, model, photoInput }) => {
    expect(photoInput()).toBeEnabled();
    expect(upload.started).toBe(model.uploads);
  },
  // The picked image is uploading (its preview shows): no other pick meanwhile.
  'photo.busy.uploading': ({ upload, model, photoInput }) => {
    expect(upload.started).toBe(model.uploads + 1);
    expect(upload.inputs.at(-1)?.file).toBeInstanceOf(File);
    expect(photoInput()).toBeDisabled();
  },
  // The upload ended (the new picture, or the preview kept after a failure); the loader still shows.
  'photo.busy.settling': ({ upload, model, photoInput }) => {
    expect(upload.started).toBe(model.uploads);
    expect(photoInput()).toBeDisabled();
  },
};

/** An editing state: both regions' checks, and the overlay held once per busy region. */
const both = (f: string, p: string) => [
  `${f} & ${p}`,
  (mounted: Mounted) => {
    editForm(mounted);
    form[f]!(mounted);
    photo[p]!(mounted);
    expect(mounted.holds()).toBe(Number(f !== 'editing.form.idle') + Number(p !== 'photo.idle'));
  },
];

walkScreens('profile', {
  mount,
  states: {
    // The profile is being read: its spinner, nothing else.
    loading: ({ load, model, notices, holds }) => {
      expect(load.started).toBe(model.loads + 1);
      expect(notices()).toHaveLength(1);
      expect(notices()[0]).toHaveTextContent('Loading profile');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
      expect(screen.queryByTestId('profile-details')).not.toBeInTheDocument();
      expect(holds()).toBe(0);
    },
    // The read failed: why, and Try again.
    failed: ({ load, model }) => {
      expect(load.started).toBe(model.loads);
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The profile could not be loaded');
      expect(alert).toHaveTextContent(model.loadError!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    },
    // The read view: the profile's details, Edit; the last notice (a save's) stays; nothing holds the overlay.
    viewing: (mounted) => {
      const { model, view, holds } = mounted;
      noticeShown(mounted);
      const details = screen.getByTestId('profile-details');
      expect(within(details).getByText(`${model.user!.first_name} ${model.user!.last_name}`)).toBeInTheDocument();
      expect(within(details).getByText(model.user!.city!)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled();
      expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
      expect(holds()).toBe(0);
      expect(view.session().getSnapshot().context.user).toEqual(model.sessionUser);
    },
    ...Object.fromEntries(Object.keys(form).flatMap((f) => Object.keys(photo).map((p) => both(f, p)))),
  },
});
