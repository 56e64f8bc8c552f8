// The chat bot's line is one chat message, never a command or a second one (docs/product.md §The chat bot): the check
// the campaign's save and each post share (contract/deliverables.ts chatLineProblem). The save and the post are tried
// through the API in bot.test.ts.
import { describe, expect, it } from 'vitest';
import { chatLineProblem } from '../../contract/deliverables.ts';

describe('chatLineProblem', () => {
  it.each([
    ['/ban somebody\r\nPRIVMSG #other :hi', 'must be one line: no line breaks'],
    ['Nova\nkeeps you going', 'must be one line: no line breaks'],
    ['Nova\u2028keeps you going', 'must be one line: no line breaks'],
    ['Nova\u0007 keeps you going', 'must not contain control characters'],
    ['/ban somebody', 'must not start with / or . (the chat would read it as a command)'],
    ['.timeout somebody 600', 'must not start with / or . (the chat would read it as a command)'],
    ['  /me dances', 'must not start with / or . (the chat would read it as a command)'],
  ])('refuses %j', (line, problem) => expect(chatLineProblem(line)).toBe(problem));

  it.each(['Nova keeps you going', 'Try Nova. It keeps you going / all night', 'Visit nova.example today'])(
    'takes %j',
    (line) => expect(chatLineProblem(line)).toBeNull(),
  );
});
