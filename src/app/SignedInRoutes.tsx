// The signed-in part of the router (docs/spec.md §2 dashboard routes, docs/product.md §Marketplace workspaces) and the not-found page: loaded
// lazily by ./routes.tsx with the dashboard shell in the same chunk, so a dashboard page costs no extra request.
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DashboardLayout } from '@/src/shell/DashboardLayout';
import { RequireRole } from '@/src/shell/RequireRole';
import { RequireAuth } from './RequireAuth';

const NotFound = lazy(() => import('@/src/common/NotFound').then((m) => ({ default: m.NotFound })));

const Analytics = lazy(() => import('@/src/analytics/Analytics').then((m) => ({ default: m.AnalyticsScreen })));
const DisplayProof = lazy(() => import('@/src/overlay/DisplayProof').then((m) => ({ default: m.DisplayProofScreen })));
const ObsExtension = lazy(() => import('@/src/overlay/ObsExtension').then((m) => ({ default: m.ObsExtensionScreen })));
const HelpAndSupport = lazy(() =>
  import('@/src/support/HelpAndSupport').then((m) => ({ default: m.HelpAndSupportScreen })),
);
const SponsorshipOffers = lazy(() =>
  import('@/src/marketplace/SponsorshipOffers').then((m) => ({ default: m.SponsorshipOffersScreen })),
);
const Earnings = lazy(() => import('@/src/money/Earnings').then((m) => ({ default: m.EarningsScreen })));
const ArchiveChat = lazy(() => import('@/src/archive/ArchiveChat').then((m) => ({ default: m.ArchiveChatScreen })));
const ArchiveDay = lazy(() => import('@/src/archive/ArchiveViewer').then((m) => ({ default: m.ArchiveDayScreen })));
const Settings = lazy(() => import('@/src/accounts/Settings').then((m) => ({ default: m.SettingsScreen })));
const SetPayoutMethod = lazy(() =>
  import('@/src/money/PayoutMethods').then((m) => ({ default: m.SetPayoutMethodScreen })),
);
// Back from Stripe's onboarding (docs/product.md §Money, Stripe Connect).
const StripeReturn = lazy(() => import('@/src/money/StripePayouts').then((m) => ({ default: m.StripeReturnScreen })));
const TaxForm = lazy(() => import('@/src/money/TaxForm').then((m) => ({ default: m.TaxFormScreen })));
// Receipts and statements, creators' and advertisers' (docs/product.md §Self-serve money).
const Documents = lazy(() => import('@/src/money/Documents').then((m) => ({ default: m.DocumentsScreen })));
const MyProfile = lazy(() => import('@/src/accounts/MyProfile').then((m) => ({ default: m.MyProfileScreen })));
// The creator's public media kit (docs/product.md §Discovery and negotiation).
const MediaKit = lazy(() => import('@/src/marketplace/MediaKit').then((m) => ({ default: m.MediaKitScreen })));
const ConnectAccounts = lazy(() =>
  import('@/src/connections/ConnectAccounts').then((m) => ({ default: m.ConnectAccountsScreen })),
);
// The advertiser's workspace (docs/product.md §Marketplace).
const CompanyProfile = lazy(() =>
  import('@/src/marketplace/CompanyProfile').then((m) => ({ default: m.CompanyProfileScreen })),
);
// The operator console (docs/product.md §Marketplace).
const OperatorConsole = lazy(() =>
  import('@/src/operator/OperatorConsole').then((m) => ({ default: m.OperatorConsoleScreen })),
);
// Brand search (docs/product.md §Discovery and negotiation).
const FindCreators = lazy(() =>
  import('@/src/marketplace/FindCreators').then((m) => ({ default: m.FindCreatorsScreen })),
);
const Campaigns = lazy(() => import('@/src/marketplace/Campaigns').then((m) => ({ default: m.CampaignsScreen })));
const CampaignEditor = lazy(() =>
  import('@/src/marketplace/CampaignEditor').then((m) => ({ default: m.CampaignEditorScreen })),
);
const CampaignPage = lazy(() =>
  import('@/src/marketplace/CampaignPage').then((m) => ({ default: m.CampaignPageScreen })),
);
// The brand's report (docs/product.md §Deliverables).
const CampaignReport = lazy(() =>
  import('@/src/deliverables/CampaignReport').then((m) => ({ default: m.CampaignReportScreen })),
);

export function SignedInRoutes() {
  return (
    <Routes>
      <Route element={<RequireAuth />}>
        {/* A report that prints on its own, without the shell (docs/product.md §The overlay for OBS): the offer's creator or advertiser. */}
        <Route path="offers/:id/proof" element={<DisplayProof />} />
        {/* The shell speaks both languages, as do Analytics, Connect Accounts, Help and Support and Settings; the other screens are English only so far. */}
        <Route element={<DashboardLayout />}>
          {/* docs/product.md §Marketplace: each role its own workspace; a route of another one sends the user to theirs. */}
          <Route element={<RequireRole role="creator" />}>
            <Route path="dashboard" element={<Analytics />} />
            <Route path="analytics" element={<Analytics />} />
            <Route path="obs-extension" element={<ObsExtension />} />
            <Route path="sponsorship-offers" element={<SponsorshipOffers />} />
            <Route path="earnings" element={<Earnings />} />
            <Route path="archive-chat" element={<ArchiveChat />} />
            <Route path="archive-chat/:platform/:date" element={<ArchiveDay />} />
            <Route path="archive-chat/:platform/streams/:id" element={<ArchiveDay />} />
            <Route path="set-payout-method" element={<SetPayoutMethod />} />
            <Route path="set-payout-method/stripe" element={<StripeReturn />} />
            <Route path="tax-form" element={<TaxForm />} />
            <Route path="my-profile" element={<MyProfile />} />
            <Route path="connect-accounts" element={<ConnectAccounts />} />
            <Route path="media-kit" element={<MediaKit />} />
          </Route>
          <Route element={<RequireRole role="advertiser" />}>
            <Route path="company-profile" element={<CompanyProfile />} />
            <Route path="campaigns" element={<Campaigns />} />
            <Route path="creators" element={<FindCreators />} />
            <Route path="campaigns/new" element={<CampaignEditor />} />
            <Route path="campaigns/:id" element={<CampaignPage />} />
            <Route path="campaigns/:id/edit" element={<CampaignEditor />} />
            <Route path="campaigns/:id/report" element={<CampaignReport />} />
          </Route>
          <Route element={<RequireRole role="operator" />}>
            <Route path="admin" element={<OperatorConsole />} />
          </Route>
          {/* Creators' and advertisers' own documents; the screen sends an operator to the console. */}
          <Route path="documents" element={<Documents />} />
          <Route path="help-and-support" element={<HelpAndSupport />} />
          <Route path="settings" element={<Settings />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
