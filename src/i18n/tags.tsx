// A message with parts that are more than text (a link, a figure in bold), as its catalogue writes them:
// "Statements are in <link>Documents</link>." The translator moves the tagged part where the language puts it; the
// view says what each tag renders. Tags are not nested; test/views/catalogues.test.tsx holds each language to
// English's tags.
import { Fragment, type ReactNode } from 'react';

const TAG = /<(\w+)>(.*?)<\/\1>/gs;

/** The names of a message's tags, in order ("<link>…</link>" → ['link']). */
export const tagsOf = (text: string): string[] => [...text.matchAll(TAG)].map((match) => match[1]!);

/** A message's text with each `<name>…</name>` rendered by `tags[name]` (a tag without one renders its text). */
export function withTags(text: string, tags: Record<string, (inner: string) => ReactNode>): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const render = tags[match[1]!];
    parts.push(<Fragment key={parts.length}>{render ? render(match[2]!) : match[2]}</Fragment>);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : <>{parts}</>;
}
