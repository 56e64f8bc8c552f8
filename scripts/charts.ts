// `npm run charts`: every machine of the catalogue drawn to docs/machines/<id>.svg and <id>.mmd (Mermaid
// stateDiagram-v2), docs/architecture.md's flows list between its markers, and each machine's paths of record
// (test/views/paths/<id>.json, which the screen tests replay), so all of them stay true to machines/.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogue, type CatalogueEntry } from '../machines/index';
import { chartOf, toMermaid, toSvg } from '../src/inspector/diagram';
import { fixtureOf } from '../machines/samples';
import { RECORDS_DIR, recordFile, recordPaths, recordText } from '../test/machines/records';

const root = resolve(fileURLToPath(import.meta.url), '../..');

/** The file whose flows list this script writes, and where its links to the diagrams start from. */
export const FLOWS_DOC = 'docs/architecture.md';
export const FLOWS_START = '<!-- flows:start -->';
export const FLOWS_END = '<!-- flows:end -->';

/** Writes `<id>.svg` and `<id>.mmd` for every catalogue machine into `outDir`; returns the files written. */
export function writeCharts(outDir: string, entries: Record<string, CatalogueEntry> = catalogue): string[] {
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  const seen = new Set<string>();
  for (const entry of Object.values(entries)) {
    const chart = chartOf(entry.machine);
    if (seen.has(chart.id)) throw new Error(`Two catalogue machines share the id "${chart.id}"`);
    seen.add(chart.id);
    for (const [file, text] of [
      [`${chart.id}.svg`, toSvg(chart)],
      [`${chart.id}.mmd`, toMermaid(chart)],
    ] as const) {
      writeFileSync(join(outDir, file), text);
      written.push(join(outDir, file));
    }
  }
  return written;
}

/** The flows list of docs/architecture.md: each machine with its diagram (linked from docs/), summary and spec sections. */
export function flowsMarkdown(chartsDir = 'machines', entries: Record<string, CatalogueEntry> = catalogue): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = Object.values(entries).map((entry) => {
    const id = entry.machine.id;
    return `| [${id}](${chartsDir}/${id}.svg) ([Mermaid](${chartsDir}/${id}.mmd)) | ${cell(entry.summary)} | ${cell(entry.spec)} |`;
  });
  return ['| Machine | Flow | Spec |', '| --- | --- | --- |', ...rows].join('\n');
}

/** Replaces the text between the flows markers; returns the text unchanged when the markers are missing. */
export function withFlows(readme: string, flows: string): string {
  const start = readme.indexOf(FLOWS_START);
  const end = readme.indexOf(FLOWS_END);
  if (start < 0 || end < start) return readme;
  return `${readme.slice(0, start + FLOWS_START.length)}\n${flows}\n${readme.slice(end)}`;
}

/** Writes every catalogue machine's paths of record into `outDir`; returns the files written. */
export function writeRecords(outDir = RECORDS_DIR, entries: Record<string, CatalogueEntry> = catalogue): string[] {
  mkdirSync(outDir, { recursive: true });
  return Object.entries(entries).map(([id, entry]) => {
    const file = recordFile(id, outDir);
    writeFileSync(file, recordText(recordPaths(id, entry, fixtureOf(id))));
    return file;
  });
}

/** `npm run charts [-- <id>…]`: every machine, or only those named (their charts and records; the flows list whole). */
function main() {
  const ids = process.argv.slice(2);
  const unknown = ids.filter((id) => !(id in catalogue));
  if (unknown.length) throw new Error(`Not catalogue ids: ${unknown.join(', ')}`);
  const entries = ids.length
    ? Object.fromEntries(ids.map((id) => [id, catalogue[id as keyof typeof catalogue] as CatalogueEntry]))
    : catalogue;
  const outDir = join(root, 'docs/machines');
  const files = writeCharts(outDir, entries);
  console.log(`Wrote ${files.length} files to ${relative(root, outDir)}/`);
  const records = writeRecords(RECORDS_DIR, entries);
  console.log(`Wrote ${records.length} paths of record to ${relative(root, RECORDS_DIR)}/`);
  const docPath = join(root, FLOWS_DOC);
  const doc = readFileSync(docPath, 'utf8');
  const next = withFlows(doc, flowsMarkdown());
  if (next === doc && !doc.includes(FLOWS_START)) {
    console.warn(`${FLOWS_DOC} has no ${FLOWS_START} … ${FLOWS_END} markers; the flows list was not written.`);
  } else if (next !== doc) {
    writeFileSync(docPath, next);
    console.log(`Updated the flows list in ${FLOWS_DOC}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
