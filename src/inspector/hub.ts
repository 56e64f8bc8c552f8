// Fan-out for the one `inspect` option of the app: every actor reports here, and the hub forwards to
// whichever sinks are attached (the offline panel's registry, the Stately inspector once it has loaded).
import type { InspectionEvent } from 'xstate';

export type InspectionSink = (event: InspectionEvent) => void;

export interface InspectionHub {
  /** Pass this as `inspect` when creating an actor; it is synchronous and never throws. */
  readonly inspect: InspectionSink;
  /** Attaches a sink from now on; returns a function that detaches it. */
  attach(sink: InspectionSink): () => void;
  /**
   * Attaches a sink that is still loading (a dynamic import): events are buffered until it resolves,
   * then replayed in order, so actors created before the load are not missed. At most `limit` events
   * are kept (the oldest go first); a failed load is reported once and its buffer dropped.
   */
  attachLater(load: Promise<InspectionSink>, limit?: number): void;
}

export function createInspectionHub(): InspectionHub {
  const sinks = new Set<InspectionSink>();

  const inspect: InspectionSink = (event) => {
    for (const sink of sinks) {
      try {
        sink(event);
      } catch (error) {
        // A broken sink must never break the actor that reported.
        console.error('[inspect] a sink failed', error);
      }
    }
  };

  const attach = (sink: InspectionSink) => {
    sinks.add(sink);
    return () => void sinks.delete(sink);
  };

  const attachLater = (load: Promise<InspectionSink>, limit = 1_000) => {
    const buffer: InspectionEvent[] = [];
    const buffering: InspectionSink = (event) => {
      buffer.push(event);
      if (buffer.length > limit) buffer.shift();
    };
    sinks.add(buffering);
    load.then(
      (sink) => {
        sinks.delete(buffering);
        for (const event of buffer.splice(0)) {
          try {
            sink(event);
          } catch (error) {
            console.error('[inspect] a sink failed', error);
          }
        }
        sinks.add(sink);
      },
      (error: unknown) => {
        sinks.delete(buffering);
        buffer.length = 0;
        console.error('[inspect] an inspector failed to load', error);
      },
    );
  };

  return { inspect, attach, attachLater };
}
