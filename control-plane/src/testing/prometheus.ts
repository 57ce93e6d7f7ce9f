/**
 * Reads the Prometheus text format as prom-client writes it, for tests: the
 * samples with their labels, and the metric names a scrape makes available
 * to PromQL (a histogram family `x` answers to x_bucket, x_sum and x_count).
 * (parse-prometheus-text-format drops the labels, sum and count of
 * histograms, which is most of what these tests look at.)
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  samples: Sample[];
  /** Family name → type, from the # TYPE lines. */
  types: Map<string, string>;
  /** The sum of the samples named `name` whose labels include `labels` (0 when none). */
  value(name: string, labels?: Record<string, string>): number;
  /** Whether some sample named `name` has these labels. */
  has(name: string, labels?: Record<string, string>): boolean;
  /** Every name PromQL can select in this scrape, including families with no sample yet. */
  names(): Set<string>;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/g;
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] };

const unescape = (v: string) => v.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));

export function parseScrape(text: string): Scrape {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.startsWith('# TYPE ')) {
      const [name, type] = line.slice(7).split(' ');
      types.set(name!, type!);
      continue;
    }
    if (line === '' || line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL)) labels[l[1]!] = unescape(l[2]!);
    const value = m[3] === '+Inf' ? Infinity : m[3] === '-Inf' ? -Infinity : Number(m[3]);
    samples.push({ name: m[1]!, labels, value });
  }
  const matching = (name: string, labels: Record<string, string>) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return {
    samples,
    types,
    value: (name, labels = {}) => matching(name, labels).reduce((n, s) => n + s.value, 0),
    has: (name, labels = {}) => matching(name, labels).length > 0,
    names() {
      const names = new Set(samples.map((s) => s.name));
      for (const [family, type] of types) for (const suffix of SUFFIXES[type] ?? ['']) names.add(`${family}${suffix}`);
      return names;
    },
  };
}
