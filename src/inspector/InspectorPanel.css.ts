// The offline inspector's look: self-contained colours so it reads the same over any screen of the app.
import { globalStyle, style } from '@vanilla-extract/css';

const ink = '#0f172a';
const muted = '#475569';
const line = '#cbd5e1';
const accent = '#1d4ed8';
const mono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

const focusRing = {
  ':focus-visible': { outline: `2px solid ${accent}`, outlineOffset: 2 },
} as const;

export const launcher = style({
  position: 'fixed',
  left: 12,
  bottom: 12,
  zIndex: 2147483000,
  padding: '6px 10px',
  borderRadius: 999,
  border: `1px solid ${line}`,
  background: ink,
  color: '#fff',
  font: `600 12px/1 ${mono}`,
  cursor: 'pointer',
  opacity: 0.75,
  selectors: { '&:hover, &:focus-visible': { opacity: 1 } },
  ...focusRing,
});

export const panel = style({
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  width: 'min(760px, 100vw)',
  zIndex: 2147483001,
  display: 'grid',
  gridTemplateRows: 'auto 1fr',
  background: '#fff',
  color: ink,
  borderLeft: `1px solid ${line}`,
  boxShadow: '-8px 0 24px rgba(15, 23, 42, 0.18)',
  font: `13px/1.45 system-ui, sans-serif`,
  textAlign: 'left',
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '8px 12px',
  borderBottom: `1px solid ${line}`,
  background: '#f8fafc',
});

export const title = style({ margin: 0, fontSize: 14, fontWeight: 700, flex: 1, outline: 'none' });

export const hint = style({ color: muted, fontSize: 12 });

export const body = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(160px, 210px) 1fr',
  minHeight: 0,
});

export const actors = style({
  overflow: 'auto',
  borderRight: `1px solid ${line}`,
  padding: 8,
});

export const actorList = style({ listStyle: 'none', margin: 0, padding: 0 });

globalStyle(`${actorList} ${actorList}`, { paddingLeft: 12, borderLeft: `1px dotted ${line}`, marginLeft: 6 });

export const actorButton = style({
  display: 'block',
  width: '100%',
  textAlign: 'left',
  padding: '4px 6px',
  margin: '1px 0',
  border: '1px solid transparent',
  borderRadius: 6,
  background: 'transparent',
  color: ink,
  font: `12px/1.3 ${mono}`,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: '#f1f5f9' },
    '&[aria-current="true"]': { background: '#dbeafe', borderColor: accent },
  },
  ...focusRing,
});

export const sessionId = style({ display: 'block', color: muted, fontSize: 11 });

export const details = style({ overflow: 'auto', padding: '8px 12px 24px' });

export const section = style({ marginBlock: '12px' });

export const sectionTitle = style({
  fontSize: 12,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: muted,
  margin: '0 0 6px',
});

export const stateValue = style({ font: `600 13px ${mono}`, color: accent });

export const diagram = style({
  overflow: 'auto',
  maxHeight: 360,
  border: `1px solid ${line}`,
  borderRadius: 8,
  background: '#fff',
});

globalStyle(`${diagram} svg`, { display: 'block', maxWidth: 'none' });

export const eventButtons = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 4,
  margin: '0 0 8px',
  padding: 0,
  listStyle: 'none',
});

export const eventButton = style({
  padding: '3px 8px',
  border: `1px solid ${line}`,
  borderRadius: 6,
  background: '#f8fafc',
  color: ink,
  font: `12px ${mono}`,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { background: '#dbeafe', borderColor: accent } },
  ...focusRing,
});

export const sendButton = style({
  padding: '5px 12px',
  border: 'none',
  borderRadius: 6,
  background: accent,
  color: '#fff',
  fontWeight: 600,
  cursor: 'pointer',
  ...focusRing,
});

export const field = style({ display: 'grid', gap: 4, marginBottom: 8 });

export const payload = style({
  width: '100%',
  minHeight: 96,
  boxSizing: 'border-box',
  font: `12px/1.4 ${mono}`,
  padding: 6,
  border: `1px solid ${line}`,
  borderRadius: 6,
  resize: 'vertical',
  ...focusRing,
});

export const error = style({ color: '#b91c1c', margin: '4px 0' });

export const tree = style({ listStyle: 'none', margin: 0, paddingLeft: 14, font: `12px/1.5 ${mono}` });

export const treeRoot = style({ paddingLeft: 0 });

export const treeKey = style({ color: '#7c3aed' });

export const treeSummary = style({ cursor: 'pointer', ...focusRing });

export const log = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  font: `12px/1.5 ${mono}`,
  maxHeight: 240,
  overflow: 'auto',
});

export const logTime = style({ color: muted, marginRight: 8 });

export const logPayload = style({ color: muted, wordBreak: 'break-all' });

export const closeButton = style({
  border: `1px solid ${line}`,
  background: '#fff',
  borderRadius: 6,
  padding: '3px 8px',
  cursor: 'pointer',
  ...focusRing,
});
