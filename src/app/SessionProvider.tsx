// Creates the one session actor, from the stored jwt, with its implementations.
import type { ReactNode } from 'react';
import { AccountLanguage } from '@/src/accounts/AccountLanguage';
import { useSessionLogic } from '@/src/accounts/session';
import { readJwt } from '@/src/accounts/storage';
import { inspect } from './inspect';
import { SessionContext } from './session';

export function SessionProvider({ children }: { children: ReactNode }) {
  const logic = useSessionLogic();
  return (
    <SessionContext.Provider logic={logic} options={{ input: { jwt: readJwt() }, inspect }}>
      <AccountLanguage />
      {children}
    </SessionContext.Provider>
  );
}
