// Authorization answers before validation (docs/api.md §Conventions): every role-limited endpoint of the contract,
// called by another role with a body and a query it could never accept, answers 403 (never 400 with the schema's
// field list), and without a token 401; a record in the path that is not the caller's answers 404 whatever was sent;
// and the contract's roles (endpointRoles) are the ones its endpointDocs name. On SQLite and PostgreSQL.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointDocs, endpointRoles, endpoints, type EndpointName } from '../../contract/endpoints.ts';
import type { Role } from '../../contract/marketplace.ts';
import { BACKENDS, makeBackend, photoForm, PNG_1PX, startApp, type Backend, type Client } from './helpers.ts';
import { account, campaignInput, type Account } from './market.ts';

const ROLES: Role[] = ['creator', 'advertiser', 'operator'];
const rolesOf = (name: EndpointName): readonly Role[] | undefined =>
  (endpointRoles as Partial<Record<EndpointName, readonly Role[]>>)[name];
const limited = (Object.keys(endpoints) as EndpointName[]).filter((name) => rolesOf(name));
const bearer = (Object.keys(endpoints) as EndpointName[]).filter((name) => endpoints[name].auth === 'bearer');
/**
 * Endpoints for the parties of the offer their path names, whatever their role: anyone else, an operator too, gets
 * 404 as if the offer did not exist (contract/endpoints.ts endpointRoles), before the body or the query is read.
 */
const OFFER_PARTIES: EndpointName[] = [
  'getOffer',
  'listMessages',
  'postMessage',
  'offerDisplay',
  'listProposals',
  'propose',
  'acceptProposal',
  'declineProposal',
];

/** The endpoint's path with its parameters filled in, and a query none of the contract's query schemas accepts. */
function target(name: EndpointName): string {
  const path = endpoints[name].path.replace(/:[A-Za-z]+/g, () => crypto.randomUUID());
  return `${path}?platform=nope&range=nope&status=nope&date=nope&stream=nope&format=nope&after=nope&before=nope&q=`;
}

/** A JSON body no body schema accepts (wrong types for the usual fields) for the methods that carry one. */
const invalidBody = (name: EndpointName) =>
  endpoints[name].method === 'GET'
    ? {}
    : { json: { amountCents: 'many', amount_cents: 'many', reason: 7, message: 7, body: 7, size: 'huge', kind: 0 } };

describe('the contract names who may call each endpoint', () => {
  it.each(bearer)('%s: endpointRoles lists exactly the roles its endpointDocs `who` names', (name) => {
    const who = (endpointDocs[name] as { who?: string }).who ?? '';
    const named = OFFER_PARTIES.includes(name) ? [] : ROLES.filter((role) => who.includes(role));
    expect([...(rolesOf(name) ?? [])].sort()).toEqual(named.sort());
  });

  it('only endpoints behind a session are role-limited', () => {
    for (const name of limited) expect(endpoints[name].auth, name).toBe('bearer');
  });
});

describe.each(BACKENDS)('authorization before validation on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  const who = {} as Record<Role, Account> & { otherAdvertiser: Account; otherCreator: Account };

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    for (const role of ROLES) who[role] = await account(api, role);
    who.otherAdvertiser = await account(api, 'advertiser');
    who.otherCreator = await account(api, 'creator');
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it.each(limited)('%s: another role gets 403 before its body or query is read; no token 401', async (name) => {
    const { method } = endpoints[name];
    const url = target(name);
    for (const role of ROLES.filter((role) => !rolesOf(name)!.includes(role))) {
      const answer = await api.request(method, url, { token: who[role].token, ...invalidBody(name) });
      expect(answer.status, `${role}: ${answer.text}`).toBe(403);
      expect(answer.body.message, role).not.toMatch(/expected|required|invalid/i);
    }
    expect((await api.request(method, url, invalidBody(name))).status).toBe(401);
  });

  it("another advertiser's campaign is a 404 whatever is sent: an edit that is not a change, an image that is not one", async () => {
    const created = await api.request('POST', '/api/campaigns', {
      token: who.otherAdvertiser.token,
      json: campaignInput(),
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body.campaign as { id: string }).id;
    const edit = await api.request('PATCH', `/api/campaigns/${id}`, {
      token: who.advertiser.token,
      json: { spots: -1 },
    });
    expect(edit.status, edit.text).toBe(404);
    const image = await api.request('POST', `/api/campaigns/${id}/image`, {
      token: who.advertiser.token,
      body: photoForm(Buffer.from('not an image'), 'x.txt', 'text/plain', 'image'),
    });
    expect(image.status, image.text).toBe(404);
    // The owner is told what is wrong with the same requests.
    expect(
      (await api.request('PATCH', `/api/campaigns/${id}`, { token: who.otherAdvertiser.token, json: { spots: -1 } }))
        .status,
    ).toBe(400);
    expect(
      (
        await api.request('POST', `/api/campaigns/${id}/image`, {
          token: who.otherAdvertiser.token,
          body: photoForm(PNG_1PX, 'x.png', 'image/png', 'image'),
        })
      ).status,
    ).toBe(200);
  });

  it.each([
    ['POST', 'decline', { reason: 7 }],
    ['POST', 'request-info', {}],
    ['POST', 'messages', {}],
    ['GET', 'messages?before=nope', undefined],
    ['POST', 'proposals', { payCents: 'many' }],
    ['POST', 'proposals/1/accept', { payCents: 'many' }],
    ['POST', 'proposals/nope/decline', {}],
    ['GET', 'proposals', undefined],
  ] as const)("an offer that is not the caller's is a 404 whatever is sent: %s %s", async (method, action, json) => {
    const url = `/api/offers/${crypto.randomUUID()}/${action}`;
    // Answering is the creator's (others get 403 first); the thread and the negotiation are its parties', whatever
    // their role.
    const callers =
      action.startsWith('messages') || action.startsWith('proposals')
        ? [who.otherCreator, who.advertiser, who.operator]
        : [who.otherCreator];
    for (const caller of callers) {
      const answer = await api.request(method, url, { token: caller.token, ...(json ? { json } : {}) });
      expect(answer.status, answer.text).toBe(404);
    }
  });

  it('a stream of the archive that is not the caller’s is a 404 whatever the query', async () => {
    const answer = await api.request('DELETE', '/api/archive/streams/12345?platform=nope', {
      token: who.creator.token,
    });
    expect(answer.status, answer.text).toBe(404);
  });
});
