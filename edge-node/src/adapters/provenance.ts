/**
 * What an adapter's steps rest on. Plume drives the platforms' own creator
 * pages; every URL, control, internal call, answer field and limit an adapter
 * relies on is a fact about a site Plume does not control. Each adapter
 * declares those facts here, each with the public sources that record it and
 * one state:
 *
 * - `second-sourced`: two or more public sources record it (where they
 *   disagree, the newest wins and the note says so);
 * - `sourced`: one public source records it and no other found says otherwise;
 * - `tolerant`: public sources record several forms (or record none for a
 *   detail) and the adapter accepts every recorded form, so no single guess
 *   decides a job; the note says which forms;
 * - `unverified`: no public source confirms it; the note says why and what
 *   the adapter does about it;
 * - `not-driven`: something the page offers that the adapter does not use
 *   (listed so that the table is the whole picture).
 *
 * The facts are data, not prose: `plume-edge check` counts, for each step it
 * walks, the unverified facts that step rests on, and the per-platform table
 * in docs/platforms.md is rendered from the same data (`factCounts`).
 */
import type { ContentType } from '@plume/shared';
import type { Step } from './steps.js';

export const FACT_STATES = ['second-sourced', 'sourced', 'tolerant', 'unverified', 'not-driven'] as const;
export type FactState = (typeof FACT_STATES)[number];

/**
 * Where a fact is decided: one of the steps a publish walks, the read-only
 * `verify` lookup, or `login`, the interactive login on the node
 * (`plume-edge accounts login`, the adapter's `login` page spec).
 */
export type FactStep = Step | 'verify' | 'login';
export const FACT_STEPS: readonly FactStep[] = ['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back', 'verify', 'login'];

/** A public source, named in the facts by its `id`. */
export interface FactSource {
  /** Short name used in the facts (`M`, `W`, `SAU`…). */
  readonly id: string;
  /** What it is: `owner/repo@commit path…`, or a description where the index names no repository. */
  readonly ref: string;
  /** The snapshot's date (YYYY-MM-DD): the commit's date, or when the stored copy was read. */
  readonly snapshot: string;
}

export interface Fact {
  /** The step whose outcome rests on this fact (a login check is `check_login`). */
  readonly step: FactStep;
  /** The content types it concerns; absent: every content type of the adapter. */
  readonly types?: readonly ContentType[];
  /** The fact itself: an address, a control, a call and its answer, a limit… */
  readonly fact: string;
  readonly state: FactState;
  /** The ids of the sources that record it (none for `unverified` and some `not-driven` facts). */
  readonly sources: readonly string[];
  /** Why the state is what it is: required for `tolerant` and `unverified`, and where sources disagree. */
  readonly note?: string;
}

export interface Provenance {
  readonly sources: readonly FactSource[];
  readonly facts: readonly Fact[];
}

/** Declares an adapter's provenance (the type is the whole check; `provenanceProblems` judges the content). */
export function defineProvenance(p: Provenance): Provenance {
  return p;
}

/** Everything that makes a provenance table wrong: unknown or unused sources, states their sources cannot carry, missing reasons. */
export function provenanceProblems(p: Provenance, contentTypes: readonly ContentType[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const s of p.sources) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s.snapshot) || Number.isNaN(Date.parse(s.snapshot))) problems.push(`source ${s.id}: snapshot "${s.snapshot}" is not a date (YYYY-MM-DD)`);
    if (!s.ref.trim()) problems.push(`source ${s.id} says nothing about what it is`);
    if (ids.has(s.id)) problems.push(`source ${s.id} is declared twice`);
    ids.add(s.id);
  }
  const used = new Set<string>();
  p.facts.forEach((f, i) => {
    const where = `fact ${i + 1} (${f.step}: ${f.fact.slice(0, 60)})`;
    if (!f.fact.trim()) problems.push(`${where} is empty`);
    if (!FACT_STEPS.includes(f.step)) problems.push(`${where}: no such step ${f.step}`);
    if (!FACT_STATES.includes(f.state)) problems.push(`${where}: no such state ${f.state}`);
    for (const t of f.types ?? []) if (!contentTypes.includes(t)) problems.push(`${where}: the adapter does not publish ${t}`);
    for (const s of f.sources) {
      if (!ids.has(s)) problems.push(`${where}: unknown source ${s}`);
      used.add(s);
    }
    const distinct = new Set(f.sources).size;
    if (f.state === 'second-sourced' && distinct < 2) problems.push(`${where}: second-sourced needs two sources, has ${distinct}`);
    if (f.state === 'sourced' && distinct < 1) problems.push(`${where}: sourced needs a source`);
    if ((f.state === 'tolerant' || f.state === 'unverified') && !f.note?.trim()) problems.push(`${where}: ${f.state} needs a note saying why`);
  });
  for (const id of ids) if (!used.has(id)) problems.push(`source ${id} is declared but no fact cites it`);
  return problems;
}

/** The facts one content type rests on. */
export function factsOf(p: Provenance, type: ContentType): Fact[] {
  return p.facts.filter((f) => f.types === undefined || f.types.includes(type));
}

export type FactCounts = Record<FactState, number>;

const zero = (): FactCounts => ({ 'second-sourced': 0, sourced: 0, tolerant: 0, unverified: 0, 'not-driven': 0 });

/** How many of a content type's facts are in each state, in all and per step. */
export function factCounts(p: Provenance, type: ContentType): { all: FactCounts; byStep: Record<FactStep, FactCounts> } {
  const all = zero();
  const byStep = Object.fromEntries(FACT_STEPS.map((s) => [s, zero()])) as Record<FactStep, FactCounts>;
  for (const f of factsOf(p, type)) {
    all[f.state]++;
    byStep[f.step][f.state]++;
  }
  return { all, byStep };
}

/** The unverified facts a publish step or a login check of this content type rests on (what the target says must be none). */
export function unverifiedDecisive(p: Provenance, type: ContentType): Fact[] {
  return factsOf(p, type).filter((f) => f.state === 'unverified' && (f.step === 'check_login' || f.step === 'publish' || f.step === 'read_back'));
}

/** The adapter fields the docs' table needs (so that the renderer needs no registry). */
export interface DeclaringAdapter {
  readonly platform: string;
  readonly contentTypes: readonly ContentType[];
  readonly provenance: Provenance;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/**
 * The Markdown that docs/platforms.md shows between its provenance markers: the
 * counts per (platform, content type), then every unverified fact a publish or a
 * login check rests on, with why.
 */
export function renderFactTable(adapters: readonly DeclaringAdapter[]): string {
  const rows = ['| platform | content type | second-sourced | sourced | tolerant | unverified | of which publish or login check | not driven |', '|---|---|---:|---:|---:|---:|---:|---:|'];
  const decisive: string[] = [];
  for (const a of adapters) {
    for (const type of a.contentTypes) {
      const { all } = factCounts(a.provenance, type);
      const open = unverifiedDecisive(a.provenance, type);
      rows.push(`| ${a.platform} | ${type} | ${all['second-sourced']} | ${all.sourced} | ${all.tolerant} | ${all.unverified} | ${open.length} | ${all['not-driven']} |`);
      for (const f of open) decisive.push(`- ${a.platform} ${type}, ${f.step}: ${cell(f.fact)} (${cell(f.note ?? '')})`);
    }
  }
  return [
    ...rows,
    '',
    decisive.length ? 'Unverified facts a publish or a login check rests on:' : 'No publish step and no login check rests on an unverified fact.',
    ...(decisive.length ? ['', ...decisive] : []),
  ].join('\n');
}

export const FACT_TABLE_START = '<!-- fact-table:start (rendered from the adapters: node scripts/fact-table.mjs) -->';
export const FACT_TABLE_END = '<!-- fact-table:end -->';

/** The document with its table replaced by `table` (throws when the markers are missing). */
export function withFactTable(doc: string, table: string): string {
  const start = doc.indexOf(FACT_TABLE_START);
  const end = doc.indexOf(FACT_TABLE_END);
  if (start < 0 || end < start) throw new Error('the document has no fact-table markers');
  return `${doc.slice(0, start + FACT_TABLE_START.length)}\n${table}\n${doc.slice(end)}`;
}
