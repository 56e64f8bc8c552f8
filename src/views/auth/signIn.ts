// What the sign-in screens hand their machines: the session's sign-in and the app's navigation.
import { useNavigate } from 'react-router-dom';
import type { SessionInfo } from '../../../machines/types';
import { SessionContext } from '../../app/session';

/** Sends the new token to the session actor, which stores `jwt` and `session`. */
export function useSignIn(method: SessionInfo['method']) {
  const session = SessionContext.useActorRef();
  return (token: string) => session.send({ type: 'session.signIn', token, info: { method, signedInAt: new Date().toISOString() } });
}

export function useGoTo() {
  const navigate = useNavigate();
  return (path: string) => navigate(path);
}
