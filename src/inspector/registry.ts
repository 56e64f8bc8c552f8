// The offline panel's store: every actor the app creates, its latest snapshot and the events it received,
// fed by the inspection hub. Plain TypeScript with a subscribe/version pair for useSyncExternalStore.
import type { ActorRefLike, AnyActorRef, AnyEventObject, AnyStateMachine, InspectionEvent } from 'xstate';

export type ActorStatus = 'created' | 'active' | 'done' | 'error' | 'stopped';

export interface LoggedEvent {
  /** Increasing number, unique within the registry. */
  seq: number;
  /** `Date.now()` when the actor received the event. */
  time: number;
  event: AnyEventObject;
  /** Session id of the actor that sent it, when another actor did. */
  sourceId: string | undefined;
}

export interface ActorRecord {
  sessionId: string;
  /** The actor's id (an invoke id, a system id, or the session id). */
  actorId: string;
  /** The machine's id for machine actors, else the actor's id. */
  name: string;
  /** The actor's machine, when its logic is a state machine. */
  machine: AnyStateMachine | undefined;
  actorRef: AnyActorRef;
  parentId: string | undefined;
  status: ActorStatus;
  /** The latest snapshot reported. */
  snapshot: unknown;
  /** Received events, oldest first (at most `logLimit`). */
  log: LoggedEvent[];
  createdAt: number;
}

export interface ActorRegistry {
  /** The inspection sink: attach it to the hub (or pass it as `inspect` directly in tests). */
  readonly record: (event: InspectionEvent) => void;
  subscribe(listener: () => void): () => void;
  /** Changes whenever anything recorded changes (for useSyncExternalStore). */
  getVersion(): number;
  /** Live actors (started and not stopped), in creation order. */
  live(): ActorRecord[];
  get(sessionId: string): ActorRecord | undefined;
}

export interface RegistryOptions {
  /** Events kept per actor. */
  logLimit?: number;
  /** Stopped actors kept (an actor stopped by React's Strict Mode is started again, log and all). */
  stoppedLimit?: number;
}

export function isMachineLogic(logic: unknown): logic is AnyStateMachine {
  return typeof logic === 'object' && logic !== null && 'root' in logic && 'getStateNodeById' in logic;
}

export function createActorRegistry({ logLimit = 200, stoppedLimit = 100 }: RegistryOptions = {}): ActorRegistry {
  const records = new Map<string, ActorRecord>();
  const listeners = new Set<() => void>();
  let version = 0;
  let seq = 0;
  let notifying = false;

  // Actors report while React renders (useActorRef creates them in a state initialiser); listeners are
  // told after the current task step, once per batch, so no component updates while another renders.
  const changed = () => {
    version += 1;
    if (notifying) return;
    notifying = true;
    queueMicrotask(() => {
      notifying = false;
      for (const listener of [...listeners]) listener();
    });
  };

  const ensure = (ref: ActorRefLike): ActorRecord => {
    // Inspection events type their actor loosely; every actor the app creates is a full ActorRef.
    const actorRef = ref as AnyActorRef;
    let record = records.get(actorRef.sessionId);
    if (!record) {
      const logic = (actorRef as unknown as { logic?: unknown }).logic;
      const machine = isMachineLogic(logic) ? logic : undefined;
      record = {
        sessionId: actorRef.sessionId,
        actorId: actorRef.id,
        name: machine?.id ?? actorRef.id,
        machine,
        actorRef,
        parentId: actorRef._parent?.sessionId,
        status: 'created',
        snapshot: undefined,
        log: [],
        createdAt: Date.now(),
      };
      records.set(actorRef.sessionId, record);
    }
    return record;
  };

  // Actors created but never started (Strict Mode discards one per mount) and stopped ones are kept up to a limit.
  const pruneIdle = () => {
    const stopped = [...records.values()].filter((r) => r.status === 'stopped' || r.status === 'created');
    for (const record of stopped.slice(0, Math.max(0, stopped.length - stoppedLimit))) records.delete(record.sessionId);
  };

  const record = (inspection: InspectionEvent) => {
    switch (inspection.type) {
      case '@xstate.actor':
        ensure(inspection.actorRef);
        pruneIdle();
        break;
      case '@xstate.event': {
        const entry = ensure(inspection.actorRef);
        entry.log.push({
          seq: ++seq,
          time: Date.now(),
          event: inspection.event,
          sourceId: inspection.sourceRef?.sessionId,
        });
        if (entry.log.length > logLimit) entry.log.splice(0, entry.log.length - logLimit);
        break;
      }
      case '@xstate.snapshot': {
        const entry = ensure(inspection.actorRef);
        entry.snapshot = inspection.snapshot;
        const status = (inspection.snapshot as { status?: unknown }).status;
        entry.status =
          status === 'active' || status === 'done' || status === 'error' || status === 'stopped' ? status : 'active';
        if (entry.status === 'stopped') pruneIdle();
        break;
      }
      default:
        // Microsteps and actions are not shown.
        return;
    }
    changed();
  };

  return {
    record,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getVersion: () => version,
    // A finished child leaves its parent, so only root actors stay listed once done or failed.
    live: () =>
      [...records.values()].filter(
        (r) => r.status === 'active' || (!r.parentId && (r.status === 'done' || r.status === 'error')),
      ),
    get: (sessionId) => records.get(sessionId),
  };
}
