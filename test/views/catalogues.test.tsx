// The catalogues stay complete (docs/architecture.md §Languages, issue 49): each area's English (the source) and
// Mexican Spanish hold the same ids, each message is valid ICU MessageFormat with the same placeholders in both
// languages, every id is used by the area's code and every id the code asks for exists.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalogue, type CompiledMessage } from '@/src/i18n/compile';
import { LOCALES } from '@/src/i18n/locales';
import { tagsOf } from '@/src/i18n/tags';

const src = join(process.cwd(), 'src');
const areas = readdirSync(src, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((area) => readdirSync(join(src, area)).includes('messages'));

/**
 * An area's catalogues by name: '' for messages/<locale>.json, and `<name>` for messages/<name>.<locale>.json (a
 * catalogue apart, e.g. the signed-in screens' of accounts).
 */
function namesOf(area: string): string[] {
  return readdirSync(join(src, area, 'messages'))
    .filter((file) => file.endsWith('.en.json') || file === 'en.json')
    .map((file) => file.replace(/\.?en\.json$/, ''));
}

function catalogue(area: string, locale: string, name = ''): Record<string, string> {
  const file = name ? `${name}.${locale}.json` : `${locale}.json`;
  return JSON.parse(readFileSync(join(src, area, 'messages', file), 'utf8')) as Record<string, string>;
}

/** The arguments a compiled message reads ({name}, {count, plural, …}, in every branch), sorted. */
function placeholders(message: CompiledMessage): string[] {
  const found = new Set<string>();
  const walk = (parts: unknown): void => {
    if (!Array.isArray(parts)) return; // a text without arguments
    for (const part of parts) {
      if (!Array.isArray(part)) continue; // text
      const [name, , branches] = part as [string, string?, Record<string, unknown>?];
      found.add(name);
      if (branches && typeof branches === 'object') Object.values(branches).forEach(walk);
    }
  };
  walk(message);
  return [...found].sort();
}

/** The area's code, catalogue files left out. */
function code(area: string): string {
  return readdirSync(join(src, area), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.css.ts'))
    .map((file) => readFileSync(join(src, area, file), 'utf8'))
    .join('\n');
}

it('finds the areas that have catalogues', () => {
  expect(areas).toEqual(expect.arrayContaining(['common', 'public']));
});

const catalogues = areas.flatMap((area) => namesOf(area).map((name) => [area, name] as const));

describe.each(catalogues)('the %s catalogue %s', (area, name) => {
  const source = catalogue(area, 'en', name);
  /** Every id of the area's catalogues: a screen may use two of them. */
  const ofArea = Object.assign({}, ...namesOf(area).map((other) => catalogue(area, 'en', other))) as object;

  it.each(LOCALES.filter((locale) => locale !== 'en'))('has in %s every id of English and no other', (locale) => {
    expect(Object.keys(catalogue(area, locale, name)).sort()).toEqual(Object.keys(source).sort());
  });

  it.each([...LOCALES])(
    'is valid ICU MessageFormat in %s, each message with the placeholders and tags of English',
    (locale) => {
      const english = compileCatalogue(`${area}/en`, source);
      const compiled = compileCatalogue(`${area}/${locale}`, catalogue(area, locale, name));
      const texts = catalogue(area, locale, name);
      for (const id of Object.keys(english)) {
        expect(placeholders(compiled[id]!), `${locale} ${id}`).toEqual(placeholders(english[id]!));
        // A tagged part (`<link>…</link>`, src/i18n/tags.tsx) is rendered by the view: the same tags in every language.
        expect(tagsOf(texts[id]!).sort(), `${locale} ${id} tags`).toEqual(tagsOf(source[id]!).sort());
      }
    },
  );

  it('has no id the code does not use, and the code asks for no id it lacks', () => {
    const text = code(area);
    const unused = Object.keys(source).filter((id) => !text.includes(`'${id}'`));
    expect(unused, 'ids no code of the area names').toEqual([]);
    const asked = [...text.matchAll(/\bt\(\s*'([^']+)'/g)].map((match) => match[1]!);
    expect(
      asked.filter((id) => !(id in ofArea)),
      'ids the code asks for that English lacks',
    ).toEqual([]);
  });
});

describe('screens that wait for a catalogue', () => {
  // useMessages may suspend (React's `use`) while a language's catalogue loads; React replays the screen when it has
  // arrived, and a hook called after the wait breaks that replay (React error #467 in the production build, found by
  // the Spanish sweep). So it is each component's last hook.
  it('call useMessages after every other hook of the component', () => {
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.tsx'));
    const late: string[] = [];
    for (const file of files) {
      const lines = readFileSync(join(src, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (!line.includes('useMessages(') || line.includes('import')) return;
        for (const next of lines.slice(index + 1)) {
          if (/^\s*return\b|^(export )?(default )?function /.test(next)) break;
          if (/\buse[A-Z]\w*\(/.test(next)) late.push(`${file}:${index + 1}: ${next.trim()}`);
        }
      });
    }
    expect(late).toEqual([]);
  });
});
