import { Navigate, Outlet } from 'react-router-dom';
import { selectSignedIn } from '@/machines/accounts/session.select';
import { SessionContext } from './session';

/** The access guard (docs/spec.md §2): no stored jwt → /login, and nothing of the screen is rendered. */
export function RequireAuth() {
  const signedIn = SessionContext.useSelector(selectSignedIn);
  return signedIn ? <Outlet /> : <Navigate to="/login" replace />;
}
