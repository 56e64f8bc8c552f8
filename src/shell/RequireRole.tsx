// The workspace guard (docs/product.md §Marketplace), in the dashboard's chunk rather than the entry: public pages never load it.
import { Navigate, Outlet } from 'react-router-dom';
import type { Role } from '@/contract/marketplace';
import { selectRole } from '@/machines/accounts/session.select';
import { SessionContext } from '@/src/app/session';

/** Where each role's workspace starts (docs/product.md §Marketplace: creators keep the spec's dashboard). */
export const HOME_OF: Record<Role, string> = { creator: '/dashboard', advertiser: '/campaigns', operator: '/admin' };

/**
 * The workspace guard (docs/product.md §Marketplace): routes of one role; anyone else goes to their own workspace. Nothing renders until
 * the user (and so the role) is read: the shell's loading overlay shows meanwhile.
 */
export function RequireRole({ role }: { role: Role }) {
  const current = SessionContext.useSelector(selectRole);
  if (current === null) return null;
  return current === role ? <Outlet /> : <Navigate to={HOME_OF[current]} replace />;
}
