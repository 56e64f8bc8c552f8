// The offline statechart inspector (development builds only, loaded on first open): live actors, the
// selected one's state on its machine's diagram, its context, its event log, and a way to send it events
// (payloads prefilled from the machines' samples, machines/samples.ts, which only this development chunk carries).
import { useId, useMemo, useState, useSyncExternalStore, type KeyboardEvent, type Ref } from 'react';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { fixtureOf } from '@/machines/samples';
import { activeStateIds, chartOf, toSvg, type Chart } from './diagram';
import { INSPECTOR_PANEL_MARKER } from './marker';
import type { ActorRecord, ActorRegistry } from './registry';
import { ValueTree } from './ValueTree';
import * as styles from './InspectorPanel.css';

export const PANEL_ID = 'castbridge-inspector';

const charts = new WeakMap<AnyStateMachine, Chart>();
function chartFor(machine: AnyStateMachine): Chart {
  let chart = charts.get(machine);
  if (!chart) charts.set(machine, (chart = chartOf(machine)));
  return chart;
}

/** The samples of an event type for a machine id (catalogue ids are machine ids), with `type` left out (the payload to edit). */
function samplesFor(machineId: string, type: string): Array<Record<string, unknown>> {
  return (fixtureOf(machineId).events?.[type] ?? []).map(({ type: _type, ...payload }) => payload);
}

const toJson = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (v instanceof Error ? { name: v.name, message: v.message } : v), 2) ??
  'undefined';

function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(([key, child]) => {
      const inner = formatValue(child);
      return inner ? `${key}.${inner}` : key;
    });
    return parts.length > 1 ? `{ ${parts.join(', ')} }` : (parts[0] ?? '');
  }
  return '';
}

function clock(time: number): string {
  const d = new Date(time);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

function ActorTree({
  records,
  parentId,
  selected,
  onSelect,
}: {
  records: ActorRecord[];
  parentId: string | undefined;
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  const live = new Set(records.map((r) => r.sessionId));
  const level = records.filter((r) =>
    parentId === undefined ? !r.parentId || !live.has(r.parentId) : r.parentId === parentId,
  );
  if (!level.length) return null;
  return (
    <ul className={styles.actorList}>
      {level.map((record) => (
        <li key={record.sessionId}>
          <button
            type="button"
            className={styles.actorButton}
            aria-current={record.sessionId === selected ? 'true' : undefined}
            aria-label={`${record.name}, ${record.sessionId}${record.parentId ? ', child actor' : ''}`}
            onClick={() => onSelect(record.sessionId)}
          >
            {record.name}
            <span className={styles.sessionId}>{record.sessionId}</span>
          </button>
          <ActorTree records={records} parentId={record.sessionId} selected={selected} onSelect={onSelect} />
        </li>
      ))}
    </ul>
  );
}

function EventSender({ record, chart, active }: { record: ActorRecord; chart: Chart; active: Set<string> }) {
  const accepted = useMemo(() => {
    const sources = new Set([...active, chart.root.id]);
    return [
      ...new Set(
        chart.transitions
          .filter((t) => sources.has(t.source) && t.eventType && t.eventType !== '*')
          .map((t) => t.eventType),
      ),
    ];
  }, [active, chart]);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const type = chosen !== undefined && accepted.includes(chosen) ? chosen : accepted[0];
  const samples = type ? samplesFor(chart.id, type) : [];
  const [sample, setSample] = useState(0);
  const [edited, setEdited] = useState<{ type: string; sample: number; text: string } | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const payloadId = useId();
  const sampleId = useId();

  if (!type) return <p className={styles.hint}>The current state accepts no events.</p>;
  const sampleIndex = Math.min(sample, Math.max(0, samples.length - 1));
  const text =
    edited && edited.type === type && edited.sample === sampleIndex ? edited.text : toJson(samples[sampleIndex] ?? {});

  const choose = (next: string) => {
    setChosen(next);
    setSample(0);
    setEdited(undefined);
    setProblem(undefined);
  };
  const send = () => {
    let payload: unknown;
    try {
      payload = text.trim() ? JSON.parse(text) : {};
    } catch (error) {
      setProblem(`The payload is not JSON: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
      setProblem('The payload must be a JSON object (the event without its type).');
      return;
    }
    setProblem(undefined);
    record.actorRef.send({ ...(payload as Record<string, unknown>), type } as AnyEventObject);
  };

  return (
    <div>
      <ul className={styles.eventButtons} aria-label="Events the current state accepts">
        {accepted.map((eventType) => (
          <li key={eventType}>
            <button
              type="button"
              className={styles.eventButton}
              aria-pressed={eventType === type}
              onClick={() => choose(eventType)}
            >
              {eventType}
            </button>
          </li>
        ))}
      </ul>
      {samples.length > 1 ? (
        <div className={styles.field}>
          <label htmlFor={sampleId}>Catalogue sample</label>
          <select
            id={sampleId}
            value={sampleIndex}
            onChange={(event) => {
              setSample(Number(event.target.value));
              setEdited(undefined);
            }}
          >
            {samples.map((s, i) => (
              <option key={i} value={i}>
                {`${i + 1}: ${JSON.stringify(s).slice(0, 60)}`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className={styles.field}>
        <label htmlFor={payloadId}>Payload of {type} (JSON, without type)</label>
        <textarea
          id={payloadId}
          className={styles.payload}
          spellCheck={false}
          value={text}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setEdited({ type, sample: sampleIndex, text: event.target.value })}
        />
      </div>
      {problem ? (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      ) : null}
      <button type="button" className={styles.sendButton} onClick={send}>
        Send {type}
      </button>
    </div>
  );
}

function ActorDetails({ record }: { record: ActorRecord }) {
  const snapshot = (record.snapshot ?? {}) as { value?: unknown; context?: unknown; output?: unknown; error?: unknown };
  const chart = record.machine ? chartFor(record.machine) : undefined;
  const active = useMemo(
    () => (chart ? activeStateIds(chart, snapshot.value) : new Set<string>()),
    [chart, snapshot.value],
  );
  const svg = useMemo(() => (chart ? toSvg(chart, { active }) : ''), [chart, active]);
  const state = chart ? formatValue(snapshot.value) : record.status;
  const events = record.log.slice(-100).reverse();

  return (
    <>
      <section className={styles.section} aria-labelledby={`${record.sessionId}-state`}>
        <h3 id={`${record.sessionId}-state`} className={styles.sectionTitle}>
          State of {record.name} ({record.status})
        </h3>
        <p role="status" aria-live="polite">
          Current state: <span className={styles.stateValue}>{state || '(none)'}</span>
        </p>
        {chart ? (
          <div className={styles.diagram} data-testid="inspector-diagram" dangerouslySetInnerHTML={{ __html: svg }} />
        ) : null}
      </section>
      {chart && record.status === 'active' ? (
        <section className={styles.section} aria-labelledby={`${record.sessionId}-send`}>
          <h3 id={`${record.sessionId}-send`} className={styles.sectionTitle}>
            Send an event
          </h3>
          <EventSender key={record.sessionId} record={record} chart={chart} active={active} />
        </section>
      ) : null}
      <section className={styles.section} aria-labelledby={`${record.sessionId}-context`}>
        <h3 id={`${record.sessionId}-context`} className={styles.sectionTitle}>
          {chart ? 'Context' : 'Snapshot'}
        </h3>
        <ValueTree label={`Context of ${record.name}`} value={chart ? snapshot.context : snapshot} />
      </section>
      <section className={styles.section} aria-labelledby={`${record.sessionId}-log`}>
        <h3 id={`${record.sessionId}-log`} className={styles.sectionTitle}>
          Event log (newest first)
        </h3>
        {events.length ? (
          <ol className={styles.log} aria-label={`Events received by ${record.name}`}>
            {events.map((entry) => {
              const { type, ...rest } = entry.event;
              const payload = Object.keys(rest).length ? toJson(rest).replace(/\s+/g, ' ') : '';
              return (
                <li key={entry.seq}>
                  <time className={styles.logTime} dateTime={new Date(entry.time).toISOString()}>
                    {clock(entry.time)}
                  </time>
                  <strong>{type}</strong>{' '}
                  {payload ? (
                    <span className={styles.logPayload}>
                      {payload.length > 160 ? `${payload.slice(0, 157)}…` : payload}
                    </span>
                  ) : null}
                  {entry.sourceId ? <span className={styles.logPayload}> from {entry.sourceId}</span> : null}
                </li>
              );
            })}
          </ol>
        ) : (
          <p className={styles.hint}>No events yet.</p>
        )}
      </section>
    </>
  );
}

export interface InspectorPanelProps {
  registry: ActorRegistry;
  onClose?: () => void;
  /** Receives the heading, which takes focus when the panel opens. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export default function InspectorPanel({ registry, onClose, headingRef }: InspectorPanelProps) {
  useSyncExternalStore(registry.subscribe, registry.getVersion, registry.getVersion);
  const records = registry.live();
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const selected = records.find((r) => r.sessionId === selectedId) ?? records[0];
  const headingId = useId();

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <section
      id={PANEL_ID}
      className={styles.panel}
      aria-labelledby={headingId}
      data-inspector={INSPECTOR_PANEL_MARKER}
      onKeyDown={onKeyDown}
    >
      <header className={styles.header}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
          Statechart inspector
        </h2>
        <span className={styles.hint}>Alt+Shift+I</span>
        {onClose ? (
          <button type="button" className={styles.closeButton} onClick={onClose}>
            Close inspector
          </button>
        ) : null}
      </header>
      <div className={styles.body}>
        <nav className={styles.actors} aria-label="Live actors">
          {records.length ? (
            <ActorTree records={records} parentId={undefined} selected={selected?.sessionId} onSelect={setSelectedId} />
          ) : (
            <p className={styles.hint}>No running actors.</p>
          )}
        </nav>
        <div className={styles.details}>
          {selected ? <ActorDetails key={selected.sessionId} record={selected} /> : null}
        </div>
      </div>
    </section>
  );
}
