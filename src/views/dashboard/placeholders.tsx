// Protected screens whose content later issues build; for now each shows its heading.
import { ScreenHeading } from './ScreenHeading';

const screen = (title: string) =>
  function Screen() {
    return <ScreenHeading title={title} />;
  };

export const AnalyticsScreen = screen('Analytics');
export const ObsExtensionScreen = screen('OBS Extension');
export const HelpAndSupportScreen = screen('Help and Support');
export const SponsorshipOffersScreen = screen('Sponsorship Offers');
export const EarningsScreen = screen('Earnings');
export const ArchiveChatScreen = screen('Archive Chat');
export const SettingsScreen = screen('Settings');
export const SetPayoutMethodScreen = screen('Set Payout Method');
export const MyProfileScreen = screen('My Profile');
export const ConnectAccountsScreen = screen('Connect Accounts');
