// Every route of SPEC §2. The landing page ships in the entry chunk; every other screen is its own chunk.
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Landing } from '@/src/views/public/Landing';
import { PublicLayout } from '@/src/views/public/PublicLayout';
import { RequireAuth } from './RequireAuth';

const ContactUs = lazy(() => import('@/src/views/public/ContactUs').then((m) => ({ default: m.ContactUs })));
const Unsubscribe = lazy(() => import('@/src/views/public/Unsubscribe').then((m) => ({ default: m.Unsubscribe })));
const ForgotPassword = lazy(() => import('@/src/views/auth/ForgotPassword').then((m) => ({ default: m.ForgotPassword })));
const ResetPassword = lazy(() => import('@/src/views/auth/ResetPassword').then((m) => ({ default: m.ResetPassword })));
const Login = lazy(() => import('@/src/views/auth/Login').then((m) => ({ default: m.Login })));
const Register = lazy(() => import('@/src/views/auth/Register').then((m) => ({ default: m.Register })));
const CompleteRegister = lazy(() => import('@/src/views/auth/CompleteRegister').then((m) => ({ default: m.CompleteRegister })));
const NotFound = lazy(() => import('@/src/views/common/NotFound').then((m) => ({ default: m.NotFound })));
const DashboardLayout = lazy(() => import('@/src/views/dashboard/DashboardLayout').then((m) => ({ default: m.DashboardLayout })));

const Analytics = lazy(() => import('@/src/views/dashboard/analytics/Analytics').then((m) => ({ default: m.AnalyticsScreen })));
const ObsExtension = lazy(() => import('@/src/views/dashboard/obsExtension/ObsExtension').then((m) => ({ default: m.ObsExtensionScreen })));
const HelpAndSupport = lazy(() => import('@/src/views/dashboard/helpAndSupport/HelpAndSupport').then((m) => ({ default: m.HelpAndSupportScreen })));
const SponsorshipOffers = lazy(() => import('@/src/views/dashboard/offers/SponsorshipOffers').then((m) => ({ default: m.SponsorshipOffersScreen })));
const Earnings = lazy(() => import('@/src/views/dashboard/earnings/Earnings').then((m) => ({ default: m.EarningsScreen })));
const ArchiveChat = lazy(() => import('@/src/views/dashboard/archiveChat/ArchiveChat').then((m) => ({ default: m.ArchiveChatScreen })));
const Settings = lazy(() => import('@/src/views/dashboard/account/Settings').then((m) => ({ default: m.SettingsScreen })));
const SetPayoutMethod = lazy(() => import('@/src/views/dashboard/account/SetPayoutMethod').then((m) => ({ default: m.SetPayoutMethodScreen })));
const MyProfile = lazy(() => import('@/src/views/dashboard/account/MyProfile').then((m) => ({ default: m.MyProfileScreen })));
const ConnectAccounts = lazy(() => import('@/src/views/dashboard/account/ConnectAccounts').then((m) => ({ default: m.ConnectAccountsScreen })));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<Landing />} />
        <Route path="contact-us" element={<ContactUs />} />
        <Route path="unsubscribe" element={<Unsubscribe />} />
      </Route>
      <Route path="forgot-password" element={<ForgotPassword />} />
      <Route path="reset-password" element={<ResetPassword />} />
      <Route path="login" element={<Login />} />
      <Route path="register" element={<Register />} />
      <Route path="complete-register" element={<CompleteRegister />} />
      <Route element={<RequireAuth />}>
        <Route element={<DashboardLayout />}>
          <Route path="dashboard" element={<Analytics />} />
          <Route path="analytics" element={<Analytics />} />
          <Route path="obs-extension" element={<ObsExtension />} />
          <Route path="help-and-support" element={<HelpAndSupport />} />
          <Route path="sponsorship-offers" element={<SponsorshipOffers />} />
          <Route path="earnings" element={<Earnings />} />
          <Route path="archive-chat" element={<ArchiveChat />} />
          <Route path="settings" element={<Settings />} />
          <Route path="set-payout-method" element={<SetPayoutMethod />} />
          <Route path="my-profile" element={<MyProfile />} />
          <Route path="connect-accounts" element={<ConnectAccounts />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
