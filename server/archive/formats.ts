// Export formats of the chat archive (docs/product.md §Chat archive): NDJSON (one JSON object per message, every field), CSV (RFC 4180,
// every cell quoted, cells that a spreadsheet would run as a formula made inert: server/http/csv.ts), and justlog's plain text
// (`[2026-11-25 03:12:45] #channel login: text`), so archives read like the logs creators already know.
import type { ArchivedMessage, ExportFormat } from '../../contract/archive.ts';
import { csvRow } from '../http/csv.ts';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  ndjson: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  text: 'text/plain; charset=utf-8',
};
export const EXTENSIONS: Record<ExportFormat, string> = { ndjson: 'ndjson', csv: 'csv', text: 'txt' };

const CSV_COLUMNS = [
  'sent_at',
  'platform',
  'channel',
  'msg_id',
  'user_id',
  'login',
  'display_name',
  'color',
  'badges',
  'bits',
  'kind',
  'moderated',
  'text',
] as const;

const stamp = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

export function header(format: ExportFormat): string {
  return format === 'csv' ? csvRow(CSV_COLUMNS) : '';
}

export function line(format: ExportFormat, m: ArchivedMessage): string {
  if (format === 'ndjson') {
    return `${JSON.stringify({
      id: m.msgId,
      sentAt: new Date(m.sentAt).toISOString(),
      platform: m.platform,
      channel: m.channel,
      userId: m.chatterId,
      login: m.login,
      displayName: m.displayName,
      color: m.color,
      badges: m.badges,
      bits: m.bits,
      kind: m.kind,
      moderated: m.moderated,
      text: m.text,
    })}\n`;
  }
  if (format === 'csv') {
    return csvRow([
      new Date(m.sentAt).toISOString(),
      m.platform,
      m.channel,
      m.msgId,
      m.chatterId,
      m.login,
      m.displayName,
      m.color,
      m.badges,
      m.bits,
      m.kind,
      m.moderated,
      m.text,
    ]);
  }
  return `[${stamp(m.sentAt)}] #${m.channel} ${m.login}: ${m.text.replace(/[\r\n]+/g, ' ')}\n`;
}
