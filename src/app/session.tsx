// The app-wide session actor's context (docs/architecture.md: created once in src/app, exposed with createActorContext).
// SessionProvider.tsx creates it with the logic of src/accounts/session.ts.
import { createActorContext } from '@xstate/react';
import { sessionMachine } from '@/machines/accounts/session.machine';

export const SessionContext = createActorContext(sessionMachine);
