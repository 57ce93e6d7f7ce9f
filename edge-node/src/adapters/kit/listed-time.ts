/**
 * The time a creator site's content list gives a post, as ISO 8601, for
 * `verify`'s job window: Unix seconds or milliseconds (as a number or a
 * string of digits), or a local "YYYY-MM-DD HH:mm[:ss]" in the site's time
 * zone (China time for the Chinese creator sites). Anything else is null,
 * which no job window accepts.
 */
export function listedTime(value: unknown, zone = '+08:00'): string | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return new Date(value < 1e12 ? value * 1000 : value).toISOString();
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return listedTime(Number(value), zone);
  const m = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/.exec(value.trim()) : null;
  if (!m) return null;
  const at = Date.parse(`${m[1]}T${m[2]}${m[3] ?? ':00'}${zone}`);
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
}
