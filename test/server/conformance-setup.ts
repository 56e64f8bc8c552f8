// Every server test file runs with the stand-ins held to the platforms' published descriptions
// (standins/published/conformance.ts): a request the product sent that the platform would refuse, or an answer a
// stand-in gave that breaks the platform's schema, fails the file it happened in. A test that sends an invalid request
// on purpose takes its violation with `takeViolations`.
import { afterAll } from 'vitest';
import { takeViolations } from '@/standins/published/conformance.ts';

afterAll(() => {
  const left = takeViolations();
  if (left.length === 0) return;
  const lines = left.map((v) => `- ${v.platform} ${v.kind}: ${v.method} ${v.path}: ${v.message}`);
  throw new Error(
    `${left.length} conformance violation(s) against the platforms' published descriptions:\n${lines.join('\n')}`,
  );
});
