/**
 * Reading douyin's JSON answers as their text came: the publish answer's
 * work id and the creator work list's rows. douyin's ids are 19 digits, past
 * the 2^53 a JavaScript number holds, so a bare number in the text is read as
 * its digits, never through a float. Every form public clients record is
 * accepted (provenance in douyin/provenance.ts).
 */

/**
 * JSON.parse, except that integer literals too long for a double to hold
 * exactly come back as their digit strings. Strings are left untouched.
 */
export function parseKeepingDigits(text: string): unknown {
  let out = '';
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      // Skip the whole string, escapes included.
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      let j = i + (c === '-' ? 1 : 0);
      while (j < text.length && text[j]! >= '0' && text[j]! <= '9') j++;
      const isInteger = !/[.eE]/.test(text[j] ?? '');
      const digits = text.slice(i, j);
      if (isInteger && digits.replace('-', '').length > 15) {
        out += `${text.slice(from, i)}"${digits}"`;
        from = j;
      }
      i = j;
      continue;
    }
    i++;
  }
  return JSON.parse(out + text.slice(from));
}

/** A work id as douyin writes it: digits, as a string or a number (safe ones only: longer ones arrive as strings). */
export function idOf(v: unknown): string | undefined {
  if (typeof v === 'string' && /^\d+$/.test(v)) return v;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return String(v);
  return undefined;
}

const get = (o: unknown, key: string): unknown => (o !== null && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>)[key] : undefined);

/** What a publish answer says: accepted or not, the work's id when it names one, douyin's message. */
export interface PublishAnswer {
  accepted: boolean;
  id?: string;
  message: string;
}

/**
 * The publish answer (create_v2): `status_code` 0 is accepted; the work's id
 * is at `item_id`, `ItemId`, `aweme_id` or `aweme.aweme_id`, whichever is there.
 */
export function readPublishAnswer(body: unknown): PublishAnswer {
  const code = get(body, 'status_code');
  const message = String(get(body, 'status_msg') ?? get(body, 'message') ?? '').trim();
  const accepted = code === 0 || code === '0';
  const id = [get(body, 'item_id'), get(body, 'ItemId'), get(body, 'aweme_id'), get(get(body, 'aweme'), 'aweme_id')].map(idOf).find((v) => v !== undefined);
  return { accepted, message: message || `status_code ${String(code)}`, ...(id !== undefined ? { id } : {}) };
}

/** One work of the creator's list. */
export interface WorkRow {
  id: string;
  /** Every text field the row carries that may hold its title (item_title, title, desc, caption, share title). */
  texts: string[];
  /** Seconds since the epoch, or null. */
  createdAt: number | null;
}

/**
 * The work list (janus/douyin/creator/pc/work_list): its rows are at
 * `aweme_list`, `work_list` or `item_list`, at the top or under `data`; a
 * row's id at `aweme_id`, `item_id` or `statistics.aweme_id`; its text at
 * `desc`, `caption`, `title`, `item_title` or `share_info.share_title`; its
 * time at `create_time`, else `public_time`.
 */
export function readWorkList(body: unknown): { ok: boolean; message: string; rows: WorkRow[] } {
  const code = get(body, 'status_code');
  const ok = code === undefined || code === 0 || code === '0';
  const message = String(get(body, 'status_msg') ?? code ?? '');
  const holders = [get(body, 'data'), body];
  let list: unknown[] = [];
  for (const h of holders) {
    const found = ['aweme_list', 'work_list', 'item_list'].map((k) => get(h, k)).find(Array.isArray);
    if (found) {
      list = found;
      break;
    }
  }
  const rows = list.flatMap((row): WorkRow[] => {
    const id = [get(row, 'aweme_id'), get(row, 'item_id'), get(get(row, 'statistics'), 'aweme_id')].map(idOf).find((v) => v !== undefined);
    if (id === undefined) return [];
    const texts = [get(row, 'item_title'), get(row, 'title'), get(row, 'desc'), get(row, 'caption'), get(get(row, 'share_info'), 'share_title')]
      .filter((t): t is string => typeof t === 'string' && t.trim() !== '')
      .map((t) => t.trim());
    const t = Number(get(row, 'create_time') ?? get(row, 'public_time'));
    return [{ id, texts, createdAt: Number.isFinite(t) && t > 0 ? t : null }];
  });
  return { ok, message, rows };
}

/**
 * Whether a row is the work with this title: a text field equal to it, or
 * one that begins with it and goes on after a space or a line break (douyin
 * keeps a work's title and its description in one text).
 */
export function rowHasTitle(row: WorkRow, title: string): boolean {
  const want = title.trim();
  if (!want) return false;
  return row.texts.some((t) => t === want || (t.startsWith(want) && /^\s/.test(t.slice(want.length))));
}
