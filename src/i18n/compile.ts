// A catalogue's ICU MessageFormat texts compiled to Lingui's runtime form, so the browser carries no message parser
// (vite.config.ts compiles every src/**/messages/<locale>.json on import; the tests read them through the same config).
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

export type CompiledMessage = ReturnType<typeof compileMessageOrThrow>;

/** Each message compiled; a text ICU cannot parse fails here, naming its id. */
export function compileCatalogue(file: string, messages: Record<string, unknown>): Record<string, CompiledMessage> {
  const compiled: Record<string, CompiledMessage> = {};
  for (const [id, text] of Object.entries(messages)) {
    if (typeof text !== 'string') throw new Error(`${file}: message "${id}" is not a string`);
    try {
      compiled[id] = compileMessageOrThrow(text);
    } catch (error) {
      throw new Error(`${file}: message "${id}" is not valid ICU MessageFormat: ${(error as Error).message}`);
    }
  }
  return compiled;
}
