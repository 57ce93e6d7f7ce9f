/** Dates as the reader's locale writes them; absent ones as a dash. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/** An empty filter field means "no filter". */
export const orUndefined = (text: string | null | undefined): string | undefined => (text == null || text.trim() === '' ? undefined : text.trim());

/** `YYYY-MM-DD` of a date, UTC: what a date input holds. */
export const dayOf = (d: Date): string => d.toISOString().slice(0, 10);

