// What Settings reads from the settings actor.
import type { SnapshotFrom } from 'xstate';
import type { settingsMachine } from './settings.machine';

type Snapshot = SnapshotFrom<typeof settingsMachine>;

export const selectNotificationsOn = (snapshot: Snapshot) => snapshot.context.notifications;
export const selectHasPassword = (snapshot: Snapshot) => snapshot.context.hasPassword;
/** The switch cannot move until the stored value is known, nor while a change is being saved. */
export const selectSwitchDisabled = (snapshot: Snapshot) => !snapshot.matches({ ready: 'idle' });
export const selectSettingsLoaded = (snapshot: Snapshot) => snapshot.matches('ready');
export const selectSettingsFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectSettingsError = (snapshot: Snapshot) => snapshot.context.error;
export const selectLocale = (snapshot: Snapshot) => snapshot.context.locale;
