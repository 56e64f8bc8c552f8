// Field messages that machines decide on (form validation); src/messages.ts re-exports them with the spec's others.

/** docs/spec.md §5: an empty required field. */
export const REQUIRED_MESSAGE = 'Este campo es obligatorio';

/** The text of a failed actor's error, for a machine's context (services throw Errors carrying the screen's text). */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The stable code of a failed actor's error (an API refusal's, contract/errors.ts), or null when it has none. */
export const errorCode = (error: unknown): string | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
};
