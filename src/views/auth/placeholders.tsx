// Sign-in screens whose flows a later issue builds; for now each shows its heading.
import { AuthLayout } from './AuthLayout';

export function LoginScreen() {
  return <AuthLayout title="Welcome" subtitle="Please login to continue">{null}</AuthLayout>;
}
export function RegisterScreen() {
  return <AuthLayout title="Create your account" subtitle="Continue as a">{null}</AuthLayout>;
}
export function CompleteRegisterScreen() {
  return <AuthLayout title="Complete your profile">{null}</AuthLayout>;
}
