// THE sample-data module: the static figures and placeholder content the spec calls sample data
// (SPEC §1 "Many dashboard screens show static sample data", §2, §3, §9). Nothing else in the app is hard-coded data.
// Each section belongs to the screen named in its heading.

// --- Notifications modal (SPEC §2 Notifications modal) ---

// --- Payout method (SPEC §2 Set Payout Method: "a chip with a sample bank label") ---

// --- Analytics charts (SPEC §2 Analytics) ---

// --- Earnings (SPEC §2 Earnings, §3 Payout history row, §9 sample figures) ---

// --- Withdraw (SPEC §2 Withdraw modal, §8 $1,289) ---

// --- Sponsorship offers (SPEC §2 Sponsorship Offers, §3 offer card) ---

// --- Archive chat (SPEC §2 Archive Chat: three live-stream video choices) ---
