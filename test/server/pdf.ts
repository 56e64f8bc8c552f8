// A PDF's streams as a reader takes them: each stream's bytes are the `/Length` its dictionary gives, inflated when
// its filter is FlateDecode. (Cutting a stream at the next "endstream" instead drops its last byte whenever that byte
// is a carriage return, which deflated data ends with one time in 256: the payout statements' text then went unread.)
import { inflateSync } from 'node:zlib';

/** Each stream of the PDF, decoded to latin1 text (deflated ones inflated; any other filter as it is stored). */
export function pdfStreams(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1');
  const streams: string[] = [];
  for (const match of raw.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const length = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(match[1]!);
    if (!length) throw new Error(`a stream without a direct /Length at byte ${match.index}`);
    const start = match.index + match[0].length;
    const data = Buffer.from(raw.slice(start, start + Number(length[1])), 'latin1');
    streams.push(
      /\/Filter \/FlateDecode/.test(match[1]!) ? inflateSync(data).toString('latin1') : data.toString('latin1'),
    );
  }
  return streams;
}
