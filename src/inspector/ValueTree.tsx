// A value as a collapsible tree (native <details>, so it is keyboard operable and announced as expandable).
import * as styles from './InspectorPanel.css';

const MAX_DEPTH = 8;

function describe(value: unknown): string {
  if (Array.isArray(value)) return `Array(${value.length})`;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  const name = (value as object).constructor?.name;
  const keys = Object.keys(value as object).length;
  return name && name !== 'Object' ? `${name} {${keys}}` : `{${keys}}`;
}

function primitive(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return `ƒ ${value.name || 'anonymous'}()`;
  if (typeof value === 'bigint') return `${value}n`;
  return String(value);
}

// Cycles are found through the chain of ancestors (immutable, so Strict Mode's double render is harmless).
function TreeNode({
  name,
  value,
  depth,
  ancestors,
}: {
  name: string;
  value: unknown;
  depth: number;
  ancestors: readonly object[];
}) {
  const label = <span className={styles.treeKey}>{name}</span>;
  if (value === null || typeof value !== 'object' || value instanceof Error) {
    return (
      <li>
        {label}: {value instanceof Error ? describe(value) : primitive(value)}
      </li>
    );
  }
  const circular = ancestors.includes(value);
  if (circular || depth >= MAX_DEPTH) {
    return (
      <li>
        {label}: {describe(value)} {circular ? '(circular)' : '…'}
      </li>
    );
  }
  // Actor references and DOM nodes are opaque here.
  if ('sessionId' in value || (typeof globalThis.Node === 'function' && value instanceof globalThis.Node)) {
    return (
      <li>
        {label}: {describe(value)}
      </li>
    );
  }
  const entries = Object.entries(value as Record<string, unknown>);
  return (
    <li>
      <details open={depth < 1}>
        <summary className={styles.treeSummary}>
          {label}: {describe(value)}
        </summary>
        <ul className={styles.tree}>
          {entries.map(([key, child]) => (
            <TreeNode key={key} name={key} value={child} depth={depth + 1} ancestors={[...ancestors, value]} />
          ))}
        </ul>
      </details>
    </li>
  );
}

export function ValueTree({ value, label }: { value: unknown; label: string }) {
  return (
    <ul className={`${styles.tree} ${styles.treeRoot}`} aria-label={label}>
      <TreeNode name="context" value={value} depth={0} ancestors={[]} />
    </ul>
  );
}
