// What the operator console's four flows share: the server's 403 read as the console's own refusal.

/** What the console says when the server refuses the caller (403): a stale role, e.g. an operator demoted. */
export const OPERATORS_ONLY = 'This page is for Castbridge operators.';

export type Jwt = () => string | null;

/** Runs a call, turning the server's 403 into the console's own refusal (an ApiError's status; the client module
 * itself stays behind api()'s dynamic import). */
export async function asOperator<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if ((error as { status?: unknown } | null)?.status === 403) throw new Error(OPERATORS_ONLY);
    throw error;
  }
}
