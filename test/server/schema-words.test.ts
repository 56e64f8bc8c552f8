// A request the contract's schemas refuse is answered in the request's language (issue 49, server/http/schema-words.ts).
// Every endpoint's body and query schema is fed wrong input, field by field; every sentence it answers with must have
// Spanish words. Then two refusals through the API: the same 400 in English as it always read, and in Spanish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { schemas } from '@/contract/index';
import { contractSentence, describeIssuesIn, spanishIssue } from '@/server/http/schema-words';
import { makeBackend, startApp, type Backend, type Client } from './helpers';
import { account, campaignInput } from './market';

type Schema = z.ZodType;
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  in?: Schema;
  element?: Schema;
}
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object schema under wrappers (optional, default, a pipe's input), or null. */
function objectOf(schema: Schema, depth = 0): Record<string, Schema> | null {
  if (depth > 6) return null;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? null;
  const inner = def.innerType ?? def.in ?? null;
  return inner ? objectOf(inner, depth + 1) : null;
}

/** Wrong values of every kind a field may be sent. */
const WRONG: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'x',
  'x'.repeat(100_001),
  'not a valid value \u0000',
  -1,
  0,
  1.5,
  1e15,
  true,
  [],
  ['a', 'a'],
  [{}],
  {},
  '2020-13-45',
  '9999-01-01',
  'http://relative',
];

/** Bodies that differ from a valid-looking one in one field at a time, one level of nesting down too. */
function wrongInputs(schema: Schema): unknown[] {
  const inputs: unknown[] = [undefined, null, 'x', 1, [], {}];
  const shape = objectOf(schema);
  if (!shape) return inputs;
  for (const [key, field] of Object.entries(shape)) {
    for (const value of WRONG) inputs.push({ [key]: value });
    const inner = objectOf(field);
    if (inner)
      for (const [sub] of Object.entries(inner)) for (const value of WRONG) inputs.push({ [key]: { [sub]: value } });
  }
  inputs.push({ unexpected: 1 });
  return inputs;
}

describe('a schema refusal in Spanish', () => {
  it("has Spanish words for every sentence any endpoint's schema answers wrong input with", () => {
    const unworded = new Set<string>();
    let issues = 0;
    for (const [name, spec] of Object.entries(schemas) as [string, { body?: unknown; query?: unknown }][]) {
      for (const schema of [spec.body, spec.query]) {
        if (!schema || typeof schema !== 'object' || !('safeParse' in schema)) continue;
        for (const input of wrongInputs(schema as Schema)) {
          const result = (schema as Schema).safeParse(input);
          if (result.success) continue;
          for (const issue of result.error.issues) {
            issues += 1;
            // A sentence of the contract's own has its Spanish sentence (zod's own words, "Invalid input…", "Too
            // big…", are worded from the issue).
            const ours = !/^(Invalid|Too (big|small)|Unrecognized)/.test(issue.message);
            if ((ours ? contractSentence(issue.message) : spanishIssue(issue)) === null)
              unworded.add(`${name}: ${issue.code}: ${issue.message}`);
          }
        }
      }
    }
    // The battery reaches the schemas: a few thousand issues, of every kind.
    expect(issues).toBeGreaterThan(1000);
    expect([...unworded]).toEqual([]);
  });

  it('words a missing field, a length and a list of values; the path and the values as the API names them', () => {
    const body = schemas.postMessage.body;
    const long = body.safeParse({ body: 'x'.repeat(2001) });
    expect(long.success).toBe(false);
    expect(describeIssuesIn(long.error!, 'en')).toBe('body: must be at most 2000 characters');
    expect(describeIssuesIn(long.error!, 'es-MX')).toBe('body: debe tener como máximo 2000 caracteres');
    const missing = body.safeParse({});
    expect(describeIssuesIn(missing.error!, 'es-MX')).toBe('body: es obligatorio');
  });
});

describe('a schema refusal through the API', () => {
  let backend: Backend;
  let api: Client;
  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    api = await startApp(backend);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it("answers in the request's language under the generic code; English as it always read", async () => {
    const creator = await account(api, 'creator');
    const settings = (headers: Record<string, string>) =>
      api.request('PUT', '/api/settings', { token: creator.token, json: { notifications: 'yes' }, headers });
    const english = await settings({ 'accept-language': 'en' });
    expect([english.status, english.body]).toEqual([
      400,
      { code: 'invalid_request', message: 'notifications: must be true or false' },
    ]);
    const spanish = await settings({ 'accept-language': 'es-MX' });
    expect([spanish.status, spanish.body]).toEqual([
      400,
      { code: 'invalid_request', message: 'notifications: debe ser verdadero o falso' },
    ]);
    expect(spanish.headers.get('vary')).toMatch(/Accept-Language/);
  });

  it('refuses a day that is not one with a 400, never a 500 (the real-date check threw on it)', async () => {
    const advertiser = await account(api, 'advertiser');
    for (const startsOn of ['2020-13-45', 'soon']) {
      const answer = await api.request('POST', '/api/campaigns', {
        token: advertiser.token,
        json: campaignInput({ deliverable: { ...campaignInput().deliverable, startsOn } }),
        headers: { 'accept-language': 'es-MX' },
      });
      expect([answer.status, answer.body.code]).toEqual([400, 'invalid_request']);
      expect(answer.body.message).toContain('deliverable.startsOn: ');
      expect(answer.body.message).toContain('debe ser una fecha real');
    }
  });

  it("words a draft's edit refused by the same rule the schema holds, checked once merged with what is stored", async () => {
    const advertiser = await account(api, 'advertiser');
    const created = await api.request('POST', '/api/campaigns', { token: advertiser.token, json: campaignInput() });
    expect(created.status, created.text).toBe(201);
    const id = (created.body.campaign as { id: string }).id;
    const { deliverable } = campaignInput();
    const edit = (headers: Record<string, string>) =>
      api.request('PATCH', `/api/campaigns/${id}`, {
        token: advertiser.token,
        json: { deliverable: { ...deliverable, endsOn: '2020-01-01', startsOn: '2020-01-02' } },
        headers,
      });
    expect((await edit({ 'accept-language': 'en' })).body).toEqual({
      code: 'invalid_request',
      message: 'deliverable.endsOn: must not end before it starts',
    });
    expect((await edit({ 'accept-language': 'es-MX' })).body).toEqual({
      code: 'invalid_request',
      message: 'deliverable.endsOn: no puede terminar antes de empezar',
    });
  });
});
