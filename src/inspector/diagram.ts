// Statechart diagrams of any machine: a deterministic layered layout drawn as SVG, and Mermaid
// `stateDiagram-v2` text. Shared by `npm run charts` (docs/machines) and the offline inspector panel,
// which passes the active state nodes to highlight. Depends on xstate's machine objects only.
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export type ChartStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartState {
  /** The state node's id (`machine.child.grandchild` unless the machine gives its own). */
  id: string;
  key: string;
  path: string[];
  type: ChartStateType;
  children: ChartState[];
  /** Id of the initial child (compound states). */
  initial: string | undefined;
  /** Sources of the actors it invokes. */
  invokes: string[];
  parent: ChartState | undefined;
}

export interface ChartTransition {
  source: string;
  /** Equals `source` for a targetless transition (it stays, running actions only). */
  target: string;
  /** The event type as the machine sees it ('' for `always`). */
  eventType: string;
  guard: string | undefined;
  targetless: boolean;
  /** What the diagrams print: the event, `after <delay>`, `always`, with the guard in brackets. */
  label: string;
}

export interface Chart {
  id: string;
  root: ChartState;
  /** Every state but the root, in document order. */
  states: ChartState[];
  transitions: ChartTransition[];
  /** Every event type the machine reacts to (including done, error and delayed events), sorted. */
  events: string[];
}

function guardName(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') return guard.name || 'guard';
  return 'guard';
}

/** How an event type is printed on an arrow: delayed events as `after <delay>`, the done event of a state as `onDone`. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return /^\d+$/.test(after[1]!) ? `after ${after[1]} ms` : `after ${after[1]}`;
  if (eventType.startsWith('xstate.done.state.')) return 'onDone';
  return eventType;
}

function stateType(node: AnyStateNode): ChartStateType {
  const type = node.type as string;
  if (type === 'parallel' || type === 'final' || type === 'history') return type;
  return Object.keys(node.states).length ? 'compound' : 'atomic';
}

function invokeSources(node: AnyStateNode): string[] {
  return (node.invoke as Array<{ src: unknown; id: string }>).map((i) => (typeof i.src === 'string' ? i.src : i.id));
}

/** The machine's states and transitions in document order. */
export function chartOf(machine: AnyStateMachine): Chart {
  const states: ChartState[] = [];
  const transitions: ChartTransition[] = [];
  const events = new Set<string>();

  const build = (node: AnyStateNode, parent: ChartState | undefined): ChartState => {
    const state: ChartState = {
      id: node.id,
      key: parent ? node.key : machine.id,
      path: node.path,
      type: stateType(node),
      children: [],
      initial: undefined,
      invokes: invokeSources(node),
      parent,
    };
    if (parent) states.push(state);
    const initialTarget = (node.initial as { target?: readonly AnyStateNode[] } | undefined)?.target?.[0];
    if (state.type === 'compound' && initialTarget) state.initial = initialTarget.id;

    type Definition = { eventType: string; target?: readonly AnyStateNode[] | undefined; guard?: unknown };
    const add = (t: Definition) => {
      const guard = guardName(t.guard);
      const label = `${eventLabel(t.eventType)}${guard ? ` [${guard}]` : ''}`;
      if (t.eventType) events.add(t.eventType);
      const targets = t.target?.length ? t.target : undefined;
      if (!targets) {
        transitions.push({ source: node.id, target: node.id, eventType: t.eventType, guard, targetless: true, label });
      } else {
        for (const target of targets)
          transitions.push({
            source: node.id,
            target: target.id,
            eventType: t.eventType,
            guard,
            targetless: false,
            label,
          });
      }
    };
    for (const [, definitions] of node.transitions) for (const t of definitions as Definition[]) add(t);
    for (const t of (node.always ?? []) as Definition[]) add({ ...t, eventType: '' });

    state.children = Object.values(node.states).map((child) => build(child as AnyStateNode, state));
    return state;
  };

  const root = build(machine.root, undefined);
  return { id: machine.id, root, states, transitions, events: [...events].sort() };
}

function valueHasPath(value: unknown, path: readonly string[]): boolean {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current === 'string') {
      if (current !== key) return false;
      current = undefined;
    } else if (current && typeof current === 'object' && key in current) {
      current = (current as Record<string, unknown>)[key];
    } else {
      return false;
    }
  }
  return true;
}

/** Ids of the state nodes a snapshot value is in (every active node, compound ones included). */
export function activeStateIds(chart: Chart, value: unknown): Set<string> {
  return new Set(chart.states.filter((s) => valueHasPath(value, s.path)).map((s) => s.id));
}

// ─── Layout ────────────────────────────────────────────────────────────────────────────────────────

const STATE_FONT = 13;
const EDGE_FONT = 11;
/** Labels are drawn in a monospace font, so their width is known without measuring text. */
const STATE_CHAR = STATE_FONT * 0.6;
const EDGE_CHAR = EDGE_FONT * 0.6;
const PAD = 16;
const HEADER = 30;
const LINE = 16;
const LEAF_H = 38;
const ROW_GAP = 24;
const INITIAL_SPACE = 26;
const MIN_COLUMN_GAP = 64;
const MAX_COLUMN_GAP = 260;
const LOOP_STEP = 15;

interface Box {
  state: ChartState;
  x: number;
  y: number;
  w: number;
  h: number;
  children: Box[];
}

interface Laid {
  w: number;
  h: number;
  /** Children at positions relative to this box. */
  children: Array<{ laid: Laid; state: ChartState; x: number; y: number }>;
  state: ChartState;
}

function descendsFrom(state: ChartState, ancestor: ChartState): boolean {
  for (let s: ChartState | undefined = state; s; s = s.parent) if (s === ancestor) return true;
  return false;
}

function childContaining(parent: ChartState, state: ChartState): ChartState | undefined {
  for (let s: ChartState | undefined = state; s; s = s.parent) if (s.parent === parent) return s;
  return undefined;
}

function layoutChart(chart: Chart): Box {
  const byId = new Map(chart.states.map((s) => [s.id, s] as const));
  byId.set(chart.root.id, chart.root);
  const loopsOf = new Map<string, number>();
  for (const t of chart.transitions) if (t.source === t.target) loopsOf.set(t.source, (loopsOf.get(t.source) ?? 0) + 1);
  const loopLabelWidth = (state: ChartState) =>
    Math.max(
      0,
      ...chart.transitions
        .filter((t) => t.source === state.id && t.target === state.id)
        .map((t) => t.label.length * EDGE_CHAR + 12),
    );
  // Self-loops are drawn as arcs over a state's top edge, their labels stacked above it.
  const topRoom = (state: ChartState) => (loopsOf.get(state.id) ? loopsOf.get(state.id)! * LOOP_STEP + 6 : 0);

  const lay = (state: ChartState): Laid => {
    const invokeLines = state.invokes.map((src) => `invoke ${src}`);
    const textWidth = Math.max(state.key.length * STATE_CHAR, ...invokeLines.map((l) => l.length * EDGE_CHAR));
    if (!state.children.length) {
      return { state, w: Math.max(96, textWidth + 32), h: LEAF_H + invokeLines.length * LINE, children: [] };
    }
    const header = HEADER + invokeLines.length * LINE;
    const kids = state.children.map((child) => ({ state: child, laid: lay(child) }));

    if (state.type === 'parallel') {
      // Regions stacked top to bottom, as wide as the widest.
      const width = Math.max(...kids.map((k) => k.laid.w));
      let y = header;
      const children = kids.map((k) => {
        k.laid.w = width;
        y += topRoom(k.state);
        const placed = { ...k, x: PAD, y };
        y += k.laid.h + ROW_GAP / 2;
        return placed;
      });
      return { state, w: Math.max(textWidth + 2 * PAD, width + 2 * PAD), h: y - ROW_GAP / 2 + PAD, children };
    }

    // Compound: children in columns by distance from the initial child along sibling transitions.
    const edges = new Map<ChartState, ChartState[]>();
    let labelWidth = 0;
    for (const t of chart.transitions) {
      const source = byId.get(t.source);
      const target = byId.get(t.target);
      if (!source || !target) continue;
      const a = childContaining(state, source);
      const b = childContaining(state, target);
      if (!a || !b || a === b) continue;
      edges.set(a, [...(edges.get(a) ?? []), b]);
      labelWidth = Math.max(labelWidth, t.label.length * EDGE_CHAR);
    }
    const rank = new Map<ChartState, number>();
    const initial = state.children.find((c) => c.id === state.initial) ?? state.children[0]!;
    const visit = (start: ChartState) => {
      rank.set(start, 0);
      const queue = [start];
      while (queue.length) {
        const current = queue.shift()!;
        for (const next of edges.get(current) ?? []) {
          if (rank.has(next)) continue;
          rank.set(next, rank.get(current)! + 1);
          queue.push(next);
        }
      }
    };
    visit(initial);
    for (const child of state.children) if (!rank.has(child)) visit(child);

    const columns: Array<typeof kids> = [];
    for (const kid of kids) (columns[rank.get(kid.state)!] ??= []).push(kid);
    const dense = columns.filter((c) => c?.length);
    const gap = Math.min(MAX_COLUMN_GAP, Math.max(MIN_COLUMN_GAP, labelWidth + 28));
    const columnHeight = (column: typeof kids) =>
      column.reduce((sum, k) => sum + topRoom(k.state) + k.laid.h, 0) + ROW_GAP * (column.length - 1);
    const contentHeight = Math.max(...dense.map(columnHeight));
    const children: Laid['children'] = [];
    let x = PAD + INITIAL_SPACE;
    let contentRight = x;
    for (const column of dense) {
      // Room on the right for the labels of self-loops.
      const width = Math.max(...column.map((k) => k.laid.w));
      const loopRoom = Math.max(0, ...column.map((k) => k.laid.w - width + loopLabelWidth(k.state) - 8));
      let y = header + (contentHeight - columnHeight(column)) / 2;
      for (const kid of column) {
        y += topRoom(kid.state);
        children.push({ ...kid, x, y });
        y += kid.laid.h + ROW_GAP;
      }
      contentRight = x + width + loopRoom;
      x += width + Math.max(gap, loopRoom);
    }
    return {
      state,
      w: Math.max(textWidth + 2 * PAD + INITIAL_SPACE, contentRight + PAD),
      h: header + contentHeight + PAD,
      children,
    };
  };

  const place = (laid: Laid, x: number, y: number): Box => ({
    state: laid.state,
    x,
    y,
    w: laid.w,
    h: laid.h,
    children: laid.children.map((c) => place(c.laid, x + c.x, y + c.y)),
  });
  return place(lay(chart.root), 0, 0);
}

// ─── SVG ───────────────────────────────────────────────────────────────────────────────────────────

export interface SvgOptions {
  /** State node ids to highlight (see `activeStateIds`). */
  active?: ReadonlySet<string>;
}

const COLORS = {
  background: '#ffffff',
  stateFill: '#f8fafc',
  compoundFill: '#ffffff',
  stroke: '#94a3b8',
  text: '#0f172a',
  muted: '#475569',
  edge: '#64748b',
  activeFill: '#dbeafe',
  activeStroke: '#1d4ed8',
};

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const n = (value: number) => String(Math.round(value * 10) / 10);

interface Point {
  x: number;
  y: number;
}

/** Where the segment from a box's centre towards `toward` leaves the box. */
function exitPoint(box: Box, toward: Point): Point {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const dx = toward.x - cx;
  const dy = toward.y - cy;
  if (dx === 0 && dy === 0) return { x: cx, y: cy };
  const scale = Math.min(dx ? box.w / 2 / Math.abs(dx) : Infinity, dy ? box.h / 2 / Math.abs(dy) : Infinity, 1);
  return { x: cx + dx * scale, y: cy + dy * scale };
}

/** The anchor for arrows between a compound state and its own descendants: just under its title. */
function headerAnchor(box: Box): Point {
  return { x: box.x + PAD / 2, y: box.y + HEADER - 4 };
}

export function toSvg(chart: Chart, options: SvgOptions = {}): string {
  const active = options.active ?? new Set<string>();
  const root = layoutChart(chart);
  const boxes = new Map<string, Box>();
  const index = (box: Box) => {
    boxes.set(box.state.id, box);
    box.children.forEach(index);
  };
  index(root);

  const markerId = `arrow-${chart.id.replace(/[^\w-]/g, '_')}`;
  const out: string[] = [];
  let maxX = root.x + root.w;
  let maxY = root.y + root.h;
  let minY = root.y;

  const drawState = (box: Box, depth: number) => {
    const { state } = box;
    const isActive = depth > 0 && active.has(state.id);
    const isLeaf = !state.children.length;
    const fill = isActive ? COLORS.activeFill : isLeaf ? COLORS.stateFill : COLORS.compoundFill;
    const stroke = isActive ? COLORS.activeStroke : COLORS.stroke;
    const width = isActive ? 2.5 : 1.25;
    const dash = state.parent?.type === 'parallel' ? ' stroke-dasharray="6 4"' : '';
    out.push(
      `<g data-state-id="${escapeXml(state.id)}" data-state-type="${state.type}"${depth > 0 ? ` data-active="${isActive}"` : ''}${isActive ? ' class="active"' : ''}>`,
      `<title>${escapeXml(depth > 0 ? `${state.id}${isActive ? ' (active)' : ''}` : `machine ${state.id}`)}</title>`,
      `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}" rx="${isLeaf ? 10 : 14}" fill="${fill}" stroke="${stroke}" stroke-width="${width}"${dash}/>`,
    );
    if (state.type === 'final') {
      out.push(
        `<rect x="${n(box.x + 4)}" y="${n(box.y + 4)}" width="${n(box.w - 8)}" height="${n(box.h - 8)}" rx="7" fill="none" stroke="${stroke}" stroke-width="1"/>`,
      );
    }
    const weight = isActive || depth === 0 ? ' font-weight="700"' : '';
    const label = state.type === 'history' ? `${state.key} (H)` : state.key;
    if (isLeaf) {
      const top = box.y + (box.h - state.invokes.length * LINE) / 2 + 4;
      out.push(
        `<text x="${n(box.x + box.w / 2)}" y="${n(top)}" text-anchor="middle" font-size="${STATE_FONT}" fill="${COLORS.text}"${weight}>${escapeXml(label)}</text>`,
      );
      state.invokes.forEach((src, i) => {
        out.push(
          `<text x="${n(box.x + box.w / 2)}" y="${n(top + (i + 1) * LINE)}" text-anchor="middle" font-size="${EDGE_FONT}" fill="${COLORS.muted}">invoke ${escapeXml(src)}</text>`,
        );
      });
    } else {
      out.push(
        `<text x="${n(box.x + PAD)}" y="${n(box.y + 20)}" font-size="${STATE_FONT}" fill="${COLORS.text}"${weight}>${escapeXml(label)}${state.type === 'parallel' ? ' ‖' : ''}</text>`,
      );
      state.invokes.forEach((src, i) => {
        out.push(
          `<text x="${n(box.x + PAD)}" y="${n(box.y + 20 + (i + 1) * LINE)}" font-size="${EDGE_FONT}" fill="${COLORS.muted}">invoke ${escapeXml(src)}</text>`,
        );
      });
      // The initial child: a dot and an arrow from the left.
      const initial = box.children.find((c) => c.state.id === state.initial);
      if (initial) {
        const y = initial.y + Math.min(initial.h / 2, LEAF_H / 2);
        out.push(
          `<circle cx="${n(initial.x - INITIAL_SPACE + 4)}" cy="${n(y)}" r="4" fill="${COLORS.text}"/>`,
          `<path d="M${n(initial.x - INITIAL_SPACE + 8)},${n(y)} L${n(initial.x - 2)},${n(y)}" stroke="${COLORS.text}" stroke-width="1.25" fill="none" marker-end="url(#${markerId})"/>`,
        );
      }
      for (const child of box.children) drawState(child, depth + 1);
    }
    out.push('</g>');
  };
  drawState(root, 0);

  // Arrows. Parallel arrows between one pair of boxes bend apart; self-loops stack on the right edge.
  const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  const pairs = new Map<string, number>();
  for (const t of chart.transitions)
    if (t.source !== t.target)
      pairs.set(pairKey(t.source, t.target), (pairs.get(pairKey(t.source, t.target)) ?? 0) + 1);
  const pairSeen = new Map<string, number>();
  const loopSeen = new Map<string, number>();

  out.push('<g data-layer="transitions">');
  for (const t of chart.transitions) {
    const source = boxes.get(t.source);
    const target = boxes.get(t.target);
    if (!source || !target) continue;
    const title = `${t.eventType || 'always'}${t.guard ? ` [${t.guard}]` : ''}: ${t.source} → ${t.targetless ? '(stays)' : t.target}`;
    const attrs = `data-event="${escapeXml(t.eventType)}" data-source="${escapeXml(t.source)}" data-target="${escapeXml(t.target)}"`;
    const activeEdge = active.has(t.source);
    const stroke = activeEdge ? COLORS.activeStroke : COLORS.edge;
    let d: string;
    let labelAt: Point;
    let anchor = 'middle';
    if (t.source === t.target) {
      const k = loopSeen.get(t.source) ?? 0;
      loopSeen.set(t.source, k + 1);
      const right = source.x + source.w - 14;
      const top = source.y;
      const rise = LOOP_STEP * (k + 1);
      d = `M${n(right - 22)},${n(top)} C${n(right - 22)},${n(top - rise)} ${n(right)},${n(top - rise)} ${n(right)},${n(top - 1)}`;
      labelAt = { x: right + 6, y: top - rise + 8 };
      minY = Math.min(minY, top - rise - 6);
      anchor = 'start';
    } else {
      let from: Point;
      let to: Point;
      if (descendsFrom(target.state, source.state)) {
        from = headerAnchor(source);
        to = exitPoint(target, from);
      } else if (descendsFrom(source.state, target.state)) {
        to = headerAnchor(target);
        from = exitPoint(source, to);
      } else {
        const sc = { x: source.x + source.w / 2, y: source.y + source.h / 2 };
        const tc = { x: target.x + target.w / 2, y: target.y + target.h / 2 };
        from = exitPoint(source, tc);
        to = exitPoint(target, sc);
      }
      const key = pairKey(t.source, t.target);
      const count = pairs.get(key) ?? 1;
      const i = pairSeen.get(key) ?? 0;
      pairSeen.set(key, i + 1);
      // Bend relative to the pair's canonical direction, so opposite arrows separate too.
      const forward = t.source < t.target;
      const [p, q] = forward ? [from, to] : [to, from];
      const length = Math.hypot(q.x - p.x, q.y - p.y) || 1;
      const normal = { x: -(q.y - p.y) / length, y: (q.x - p.x) / length };
      const offset = count > 1 ? (i - (count - 1) / 2) * 30 : 0;
      const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
      const control = { x: mid.x + normal.x * offset * 2, y: mid.y + normal.y * offset * 2 };
      d = `M${n(from.x)},${n(from.y)} Q${n(control.x)},${n(control.y)} ${n(to.x)},${n(to.y)}`;
      labelAt = { x: mid.x + normal.x * offset, y: mid.y + normal.y * offset + 4 };
    }
    const labelWidth = t.label.length * EDGE_CHAR;
    maxX = Math.max(maxX, anchor === 'start' ? labelAt.x + labelWidth + 8 : labelAt.x + labelWidth / 2 + 8);
    maxY = Math.max(maxY, labelAt.y + 8);
    out.push(
      `<g ${attrs}>`,
      `<title>${escapeXml(title)}</title>`,
      `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${activeEdge ? 1.6 : 1.2}"${t.targetless ? ' stroke-dasharray="4 3"' : ''} marker-end="url(#${markerId})"/>`,
      `<text x="${n(labelAt.x)}" y="${n(labelAt.y)}" text-anchor="${anchor}" font-size="${EDGE_FONT}" fill="${activeEdge ? COLORS.activeStroke : COLORS.muted}" stroke="${COLORS.background}" stroke-width="4" paint-order="stroke">${escapeXml(t.label)}</text>`,
      '</g>',
    );
  }
  out.push('</g>');

  const margin = 12;
  const width = maxX + 2 * margin;
  const height = maxY - minY + 2 * margin;
  const titleId = `chart-${chart.id.replace(/[^\w-]/g, '_')}-title`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-margin} ${n(minY - margin)} ${n(width)} ${n(height)}" width="${n(width)}" height="${n(height)}" role="img" aria-labelledby="${titleId}" font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" data-machine="${escapeXml(chart.id)}">`,
    `<title id="${titleId}">Statechart of ${escapeXml(chart.id)}${active.size ? `; active: ${escapeXml([...active].join(', '))}` : ''}</title>`,
    `<defs><marker id="${markerId}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${COLORS.edge}"/></marker></defs>`,
    `<rect x="${-margin}" y="${n(minY - margin)}" width="${n(width)}" height="${n(height)}" fill="${COLORS.background}"/>`,
    ...out,
    '</svg>',
    '',
  ].join('\n');
}

// ─── Mermaid ───────────────────────────────────────────────────────────────────────────────────────

const MERMAID_KEYWORDS = new Set(['state', 'note', 'end', 'direction', 'class', 'classDef', 'as', 'click', 'style']);

function mermaidId(state: ChartState): string {
  const id = state.path.join('_').replace(/[^\w]/g, '_') || 'root';
  return MERMAID_KEYWORDS.has(id) ? `${id}_` : id;
}

const mermaidText = (text: string) => text.replace(/"/g, '#quot;').replace(/;/g, '#59;');

/** The machine as Mermaid `stateDiagram-v2` text; each arrow sits in the innermost composite holding both ends. */
export function toMermaid(chart: Chart): string {
  const byId = new Map(chart.states.map((s) => [s.id, s] as const));
  byId.set(chart.root.id, chart.root);
  const arrowsIn = new Map<ChartState, string[]>();
  for (const t of chart.transitions) {
    const source = byId.get(t.source);
    const target = byId.get(t.target);
    if (!source || !target) continue;
    // The innermost common ancestor that is neither end: arrows are declared inside it.
    let holder: ChartState = source.parent ?? chart.root;
    while (holder !== chart.root && !descendsFrom(target, holder)) holder = holder.parent ?? chart.root;
    if (holder === target && holder.parent) holder = holder.parent;
    arrowsIn.set(holder, [
      ...(arrowsIn.get(holder) ?? []),
      `${mermaidId(source)} --> ${mermaidId(target)} : ${mermaidText(t.label)}`,
    ]);
  }

  const lines = [
    'stateDiagram-v2',
    `  %% ${chart.id}: generated by npm run charts from machines/index.ts; do not edit`,
  ];
  const body = (state: ChartState, indent: string) => {
    const regions = state.type === 'parallel';
    state.children.forEach((child, i) => {
      if (regions && i > 0) lines.push(`${indent}--`);
      const id = mermaidId(child);
      if (child.children.length) {
        lines.push(`${indent}state "${mermaidText(child.key)}" as ${id} {`);
        body(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${mermaidText(child.key)}" as ${id}`);
      }
      for (const src of child.invokes) lines.push(`${indent}${id} : invoke ${mermaidText(src)}`);
      if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
    });
    const initial = state.children.find((c) => c.id === state.initial);
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
    for (const arrow of arrowsIn.get(state) ?? []) lines.push(`${indent}${arrow}`);
  };
  body(chart.root, '  ');
  return `${lines.join('\n')}\n`;
}
