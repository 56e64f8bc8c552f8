// Protected screens whose content later issues build; for now each shows its heading.
import { ScreenHeading } from './ScreenHeading';

const screen = (title: string) =>
  function Screen() {
    return <ScreenHeading title={title} />;
  };

export const SettingsScreen = screen('Settings');
export const SetPayoutMethodScreen = screen('Set Payout Method');
export const MyProfileScreen = screen('My Profile');
export const ConnectAccountsScreen = screen('Connect Accounts');
