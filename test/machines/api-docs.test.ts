// docs/api.md is written from the contract (`npm run docs:api`), and the docs link only to what exists: the endpoint
// tables regenerated here must equal the committed ones, and every relative link of README.md and docs/*.md must
// name a file of the repository (and, into a Markdown file, one of its headings).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointDocs, endpoints } from '@/contract/endpoints';
import { API_DOC, API_END, API_START, apiMarkdown, groups, withApi } from '@/scripts/api-docs';

const root = resolve(__dirname, '../..');

describe('docs/api.md', () => {
  const generated = apiMarkdown();

  it('lists every endpoint of the contract once, with its method, path and errors', () => {
    const listed = groups.flatMap((group) => group.names);
    expect([...listed].sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, meta] of Object.entries(endpoints)) {
      const row = generated.split('\n').find((line) => line.includes(`\`${name}\` |`));
      expect(row, name).toBeDefined();
      expect(row, name).toContain(`\`${meta.method} ${meta.path}\``);
      expect(row, name).toContain(endpointDocs[name as keyof typeof endpointDocs].errors.replace(/\|/g, '\\|'));
    }
  });

  it('replaces only the text between its markers', () => {
    const doc = `intro\n${API_START}\nold\n${API_END}\nrest\n`;
    expect(withApi(doc, 'new')).toBe(`intro\n${API_START}\nnew\n${API_END}\nrest\n`);
    expect(() => withApi('no markers', 'new')).toThrow(/markers/);
  });

  it('matches the contract (run `npm run docs:api` after changing one)', () => {
    const committed = readFileSync(join(root, API_DOC), 'utf8');
    expect(committed, `${API_DOC} is stale: run npm run docs:api`).toBe(withApi(committed, generated));
  });
});

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of withoutCode(markdown, false).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]!.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\- _]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** The text without fenced blocks and (unless kept) inline code, where brackets are not links. */
function withoutCode(markdown: string, dropInline = true): string {
  const unfenced = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  return dropInline ? unfenced.replace(/`[^`\n]*`/g, '') : unfenced.replace(/`/g, '');
}

/** Every link target of a Markdown text: inline links and images, and reference definitions. */
function linksOf(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/!?\[(?:[^\][]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (m) => m[1]!,
  );
  const references = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  return [...inline, ...references];
}

const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('links in README.md and docs/*.md', () => {
  it.each(docs)('%s: every relative link names a file of the repository', (file) => {
    const markdown = readFileSync(join(root, file), 'utf8');
    const broken: string[] = [];
    for (const link of linksOf(markdown)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:, …
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path ? resolve(dirname(join(root, file)), decodeURI(path.split('?')[0]!)) : join(root, file);
      if (!target.startsWith(root) || !existsSync(target)) {
        broken.push(`${link} (no file ${relative(root, target)})`);
        continue;
      }
      if (anchor && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(anchor)) {
        broken.push(`${link} (no heading #${anchor} in ${relative(root, target)})`);
      }
    }
    expect(broken, `${file} links to what does not exist`).toEqual([]);
  });
});
