// `npm run charts`: one SVG and one Mermaid file per catalogue machine, naming every state and every event.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { catalogue, type CatalogueEntry } from '@/machines/index';
import { FLOWS_DOC, FLOWS_END, FLOWS_START, flowsMarkdown, withFlows, writeCharts } from '@/scripts/charts';
import { activeStateIds, chartOf, escapeXml, eventLabel, toSvg } from '@/src/inspector/diagram';
import { listTransitions } from './paths';

const entries = Object.values(catalogue as Record<string, CatalogueEntry>);
const outDir = mkdtempSync(join(tmpdir(), 'castbridge-charts-'));
const written = writeCharts(outDir);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child as AnyStateNode, ...stateNodes(child as AnyStateNode)]);
}

describe('charts', () => {
  it('writes one SVG and one Mermaid file per catalogue machine', () => {
    const expected = entries.flatMap((e) => [`${e.machine.id}.svg`, `${e.machine.id}.mmd`]).sort();
    expect(readdirSync(outDir).sort()).toEqual(expected);
    expect(written).toHaveLength(expected.length);
  });

  describe.each(entries.map((e) => [e.machine.id, e] as const))('%s', (id, entry) => {
    const svg = readFileSync(join(outDir, `${id}.svg`), 'utf8');
    const mermaid = readFileSync(join(outDir, `${id}.mmd`), 'utf8');

    it('names every state', () => {
      for (const node of stateNodes(entry.machine.root)) {
        expect(svg, node.id).toContain(`data-state-id="${escapeXml(node.id)}"`);
        expect(svg, node.id).toMatch(new RegExp(`>${escapeXml(node.key)}[< ]`));
        expect(mermaid, node.id).toMatch(new RegExp(`state "${node.key}" as \\w+`));
      }
    });

    it('names every event (delayed ones as "after <delay>", eventless ones as "always")', () => {
      const transitions = listTransitions(entry.machine);
      expect(transitions.length).toBeGreaterThan(0);
      for (const t of transitions) {
        const type = t.event === '(always)' ? '' : t.event;
        const label = eventLabel(type);
        expect(svg, t.key).toContain(`data-event="${escapeXml(type)}"`);
        expect(svg, t.key).toContain(`>${escapeXml(label)}`);
        expect(mermaid, t.key).toContain(`: ${label}`);
        if (type.startsWith('xstate.after.')) expect(label).toMatch(/^after /);
      }
    });

    it('is valid Mermaid stateDiagram-v2 structure and well-formed SVG', () => {
      expect(mermaid.startsWith('stateDiagram-v2\n')).toBe(true);
      expect(mermaid.split('{').length).toBe(mermaid.split('}').length);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.match(/<g\b/g)?.length).toBe(svg.match(/<\/g>/g)?.length);
    });
  });

  it('highlights the active states', () => {
    const chart = chartOf(catalogue.notifications.machine);
    const active = activeStateIds(chart, { list: 'loading', modal: { open: { clock: 'ticking', cards: 'listing' } } });
    expect([...active].sort()).toEqual([
      'notifications.list',
      'notifications.list.loading',
      'notifications.modal',
      'notifications.modal.open',
      'notifications.modal.open.cards',
      'notifications.modal.open.cards.listing',
      'notifications.modal.open.clock',
      'notifications.modal.open.clock.ticking',
    ]);
    const svg = toSvg(chart, { active });
    expect(svg).toContain(
      'data-state-id="notifications.modal.open.cards.listing" data-state-type="atomic" data-active="true"',
    );
    expect(svg).toContain('data-state-id="notifications.modal.closed" data-state-type="atomic" data-active="false"');
  });

  it('lists every machine in the flows section of docs/architecture.md with its diagram, summary and spec', () => {
    const flows = flowsMarkdown();
    for (const entry of entries) {
      expect(flows).toContain(`[${entry.machine.id}](machines/${entry.machine.id}.svg)`);
      expect(flows).toContain(entry.spec);
    }
    const doc = `intro\n${FLOWS_START}\nold\n${FLOWS_END}\nrest\n`;
    expect(withFlows(doc, 'new')).toBe(`intro\n${FLOWS_START}\nnew\n${FLOWS_END}\nrest\n`);
  });

  it('cites only headings that exist in docs/product.md', () => {
    const product = readFileSync(join(__dirname, '../../docs/product.md'), 'utf8');
    const headings = new Set(
      product.split('\n').flatMap((line) => (/^#+ /.test(line) ? [line.replace(/^#+ /, '').trim()] : [])),
    );
    const cited = entries.flatMap((entry) => {
      const part = /product: (.*?)(?: \(.*)?$/.exec(entry.spec)?.[1];
      return part ? part.split(/, (?=[A-Z])/) : [];
    });
    expect(cited.length).toBeGreaterThan(40);
    expect(cited.filter((heading) => !headings.has(heading))).toEqual([]);
  });

  it(`${FLOWS_DOC}'s flows table matches the catalogue (run \`npm run charts\` after changing one)`, () => {
    const committed = readFileSync(join(__dirname, '../..', FLOWS_DOC), 'utf8');
    expect(committed).toContain(FLOWS_START);
    expect(committed, `${FLOWS_DOC} is stale: run npm run charts`).toBe(withFlows(committed, flowsMarkdown()));
  });

  it('docs/machines matches the machines (run `npm run charts` after changing one)', () => {
    const docs = join(__dirname, '../../docs/machines');
    for (const file of readdirSync(outDir)) {
      expect(readFileSync(join(docs, file), 'utf8'), `docs/machines/${file} is stale: run npm run charts`).toBe(
        readFileSync(join(outDir, file), 'utf8'),
      );
    }
  });
});
