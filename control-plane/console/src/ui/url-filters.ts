/**
 * A list's filters and page, read from and written to the URL (list-search.ts
 * parses them). Each change is a history entry, so Back returns to the view
 * before it; a filter change goes back to the first page.
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the text goes to the URL: one history entry per word, not per key. */
const TYPING_PAUSE_MS = 300;

export interface UrlFilters<S extends { page?: number }> {
  search: S;
  page: number;
  /** Changes some filters (undefined clears one) and goes back to page 1. */
  refilter: (patch: Partial<S>) => void;
  setPage: (page: number) => void;
  /** Changes some values (undefined clears one) and keeps the rest, the page included: a second list's own filters and page. */
  update: (patch: Partial<S>) => void;
  /** A picker's onChange for one filter: null, or a value the list does not know, clears it. */
  choose: (key: keyof S & string) => (value: string | null) => void;
}

/** `parse` is the route's own validateSearch: the URL the router holds is already clean, this only gives it its type. */
export function useUrlFilters<S extends { page?: number }>(parse: (search: Record<string, unknown>) => S): UrlFilters<S> {
  const search = parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const go = (next: S, resetScroll: boolean) => {
    const clean = withoutEmpty(next);
    // The same view again (text typed back to what it was) is no new history entry.
    if (sameSearch(clean, withoutEmpty(search))) return;
    // One hook for every list route: the router cannot type `search` for a route it does not know here; `parse` is what types it.
    void navigate({ to: '.', search: clean, resetScroll } as never);
  };
  return {
    search,
    page: search.page ?? 1,
    refilter: (patch) => go({ ...search, ...patch, page: undefined }, false),
    setPage: (page) => go({ ...search, page: page > 1 ? page : undefined }, true),
    update: (patch) => go({ ...search, ...patch }, false),
    choose: (key) => (value) => go({ ...search, [key]: parse({ [key]: value })[key], page: undefined }, false),
  };
}

function withoutEmpty<S extends object>(search: S): Record<string, unknown> {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined));
}

const sameSearch = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value);

/**
 * A text filter's input: what is typed shows at once and reaches the URL once
 * typing pauses. When the URL changes otherwise (Back, a shared link), the
 * input follows it. `commit` answers what the URL will hold for the text (it
 * trims it, say), or undefined when it refuses it (a user id that is not a
 * number): then the URL keeps its value and the input keeps the text, for its error.
 */
export function useTypedFilter(inUrl: string, commit: (typed: string) => string | undefined): [string, (typed: string) => void] {
  const [typed, setTyped] = useState(inUrl);
  // What this input last sent or took from the URL: the URL catching up with it is not a change to follow.
  const known = useRef(inUrl);
  useEffect(() => {
    if (inUrl === known.current) return;
    known.current = inUrl;
    setTyped(inUrl);
  }, [inUrl]);
  const latest = useRef(commit);
  latest.current = commit;
  useEffect(() => {
    if (typed === known.current) return;
    const timer = setTimeout(() => {
      known.current = latest.current(typed) ?? typed;
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return [typed, setTyped];
}

/** A free-text filter: trimmed; empty is no filter. */
export function useTextFilter<S extends { page?: number }>(filters: UrlFilters<S>, key: keyof S & string): [string, (typed: string) => void] {
  const inUrl = filters.search[key];
  return useTypedFilter(typeof inUrl === 'string' ? inUrl : '', (typed) => {
    const text = typed.trim();
    filters.refilter({ [key]: text === '' ? undefined : text } as Partial<S>);
    return text;
  });
}

/** A filter by a numeric id, typed: the third value says the text is not a whole number (the URL then keeps the last good one). */
export function useIdFilter<S extends { page?: number }>(filters: UrlFilters<S>, key: keyof S & string): [string, (typed: string) => void, boolean] {
  const inUrl = filters.search[key];
  const [typed, setTyped] = useTypedFilter(typeof inUrl === 'number' ? String(inUrl) : '', (text) => {
    const id = idOf(text);
    if (Number.isNaN(id)) return undefined;
    filters.refilter({ [key]: id } as Partial<S>);
    return id === undefined ? '' : String(id);
  });
  return [typed, setTyped, Number.isNaN(idOf(typed))];
}

/** Nothing, a whole number, or NaN for text that is not one. */
function idOf(text: string): number | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  return /^\d{1,10}$/.test(t) ? Number(t) : Number.NaN;
}
