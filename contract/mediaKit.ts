// The creator's media kit (docs/product.md §Discovery and negotiation): the public page /c/<handle> a creator may
// publish (off by default), its handle's rules and the texts of its refusals. Plain data, shared by the server
// (server/marketplace/media-kit.ts), the statechart (machines/marketplace/mediaKit.machine.ts) and the screen.

export const HANDLE_MIN = 3;
export const HANDLE_MAX = 30;
/** Lower-case letters, digits and underscores: the page is /c/<handle>. */
export const HANDLE_PATTERN = /^[a-z0-9_]{3,30}$/;

export const HANDLE_RULE = `Use ${HANDLE_MIN} to ${HANDLE_MAX} characters: lower-case letters, digits and underscores`;
/** The 409 of PUT /api/media-kit when another creator has the handle. */
export const HANDLE_TAKEN = 'That handle is taken';

/** Why a handle is refused, or null when it is a valid one (checked after trimming and lower-casing). */
export function handleProblem(handle: string): string | null {
  return HANDLE_PATTERN.test(normaliseHandle(handle)) ? null : HANDLE_RULE;
}

/** What the server stores: trimmed, lower-cased (typing `Nova_Plays` gives `nova_plays`). */
export const normaliseHandle = (handle: string) => handle.trim().toLowerCase();

/**
 * A valid handle made from a channel login or a name (`Nova.Plays` → `nova_plays`), or null when nothing usable is
 * left: the screen's suggestion when the creator has not chosen one.
 */
export function suggestHandle(source: string): string | null {
  const handle = source
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, HANDLE_MAX);
  return handle.length >= HANDLE_MIN ? handle : null;
}

/** The public page's path. */
export const mediaKitPath = (handle: string) => `/c/${handle}`;
