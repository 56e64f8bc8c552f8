// The one `inspect` option every actor of the app is created with. Production builds get undefined;
// development wiring (the statechart inspector) replaces this module's export in a later step.
import type { InspectionEvent } from 'xstate';

export const inspect: ((event: InspectionEvent) => void) | undefined = undefined;
