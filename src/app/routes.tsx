// Every route of docs/spec.md §2. Every screen is its own chunk, the landing page's too (its prerendered page preloads
// it), so that the sign-in and sign-up pages do not carry it; the public layout ships in the entry.
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PublicLayout } from '@/src/public/PublicLayout';

const Landing = lazy(() => import('@/src/public/Landing').then((m) => ({ default: m.Landing })));
const ContactUs = lazy(() => import('@/src/support/ContactUs').then((m) => ({ default: m.ContactUs })));
const Unsubscribe = lazy(() => import('@/src/public/Unsubscribe').then((m) => ({ default: m.Unsubscribe })));
const ForgotPassword = lazy(() => import('@/src/accounts/ForgotPassword').then((m) => ({ default: m.ForgotPassword })));
const ResetPassword = lazy(() => import('@/src/accounts/ResetPassword').then((m) => ({ default: m.ResetPassword })));
const Login = lazy(() => import('@/src/accounts/Login').then((m) => ({ default: m.Login })));
const Register = lazy(() => import('@/src/accounts/Register').then((m) => ({ default: m.Register })));
const CompleteRegister = lazy(() =>
  import('@/src/accounts/CompleteRegister').then((m) => ({ default: m.CompleteRegister })),
);
// A report a brand shared (docs/product.md §Deliverables): public, no dashboard, its own chunk.
const SharedReport = lazy(() =>
  import('@/src/deliverables/SharedReport').then((m) => ({ default: m.SharedReportScreen })),
);
// Everything else — the signed-in workspaces and the not-found page — is one lazy module (./SignedInRoutes.tsx), so the
// entry that every public page loads names one chunk instead of every screen's.
const SignedInRoutes = lazy(() => import('./SignedInRoutes').then((m) => ({ default: m.SignedInRoutes })));

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
      <Route path="reports/:token" element={<SharedReport />} />
      <Route path="*" element={<SignedInRoutes />} />
    </Routes>
  );
}
