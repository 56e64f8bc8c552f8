// THE sample-data module: the static figures and placeholder content the spec calls sample data
// (SPEC §1 "Many dashboard screens show static sample data", §2, §3, §9). Nothing else in the app is hard-coded data.
// Each section belongs to the screen named in its heading.

// --- Notifications modal (SPEC §2 Notifications modal) ---

export interface SampleNotification {
  id: string;
  title: string;
  text: string;
  time: string;
  /** Already read cards are drawn without the unread marker. */
  read: boolean;
}

/** Six static placeholder cards: sponsorship-offer text, filler, "Just Now"; some already read. */
export const notifications: SampleNotification[] = [
  { id: 'n1', title: 'New sponsorship offer', text: 'Nova Energy wants to sponsor your next three streams. Review the offer in Sponsorship Offers.', time: 'Just Now', read: false },
  { id: 'n2', title: 'New sponsorship offer', text: 'PixelForge Gear sent you an offer for an overlay placement during weekend streams.', time: 'Just Now', read: false },
  { id: 'n3', title: 'New sponsorship offer', text: 'Streamline VPN would like to discuss a month-long partnership with your channel.', time: 'Just Now', read: false },
  { id: 'n4', title: 'Offer update', text: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.', time: 'Just Now', read: true },
  { id: 'n5', title: 'Offer update', text: 'Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo.', time: 'Just Now', read: true },
  { id: 'n6', title: 'Offer update', text: 'Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla.', time: 'Just Now', read: true },
];

// --- Payout method (SPEC §2 Set Payout Method: "a chip with a sample bank label") ---

/** The chip shown on the Bank Account card once connected (local only, nothing is submitted). */
export const sampleBankLabel = 'Chase Bank •••• 4821';

// --- Analytics charts (SPEC §2 Analytics) ---

// --- Earnings (SPEC §2 Earnings, §3 Payout history row, §9 sample figures) ---

// --- Withdraw (SPEC §2 Withdraw modal, §8 $1,289) ---

// --- Sponsorship offers (SPEC §2 Sponsorship Offers, §3 offer card) ---

// --- Archive chat (SPEC §2 Archive Chat: three live-stream video choices) ---
