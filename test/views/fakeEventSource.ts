// An EventSource the view tests drive (the live events connection's stream, src/notifications/liveEvents.ts): it
// records its URL and whether it was closed, and sends what the server would. Each test file empties `instances` when
// it mounts.
import { act } from '@testing-library/react';
import type { Notification } from '@/contract';
import type { EventSourceLike } from '@/src/notifications/liveEvents';

type StreamEvent = 'notification' | 'archive';

export class FakeEventSource implements EventSourceLike {
  static instances: FakeEventSource[] = [];
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners: { type: string; listener: (event: MessageEvent<string>) => void }[] = [];

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('No event source was opened');
    return source;
  }
  addEventListener(type: StreamEvent, listener: (event: MessageEvent<string>) => void) {
    this.listeners.push({ type, listener });
  }
  close() {
    this.closed = true;
  }
  get query(): Record<string, string> {
    return Object.fromEntries(new URL(this.url, 'http://castbridge.test').searchParams);
  }
  open() {
    act(() => this.onopen?.(new Event('open')));
  }
  /** An event of `type` carrying `data` (as JSON), with the id the server gives it, if any. */
  send(type: StreamEvent, data: unknown, lastEventId?: string) {
    act(() => {
      for (const entry of this.listeners)
        if (entry.type === type)
          entry.listener(
            new MessageEvent(type, { data: JSON.stringify(data), ...(lastEventId ? { lastEventId } : {}) }),
          );
    });
  }
  /** A notification, with its id as the event's id (where the connection resumes). */
  emit(notification: Notification) {
    this.send('notification', notification, String(notification.id));
  }
  /** What a 401 (a spent ticket) or a dropped connection looks like: an error event. */
  fail() {
    act(() => this.onerror?.(new Event('error')));
  }
}
