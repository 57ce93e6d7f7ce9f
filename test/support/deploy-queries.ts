/**
 * The PromQL in deploy/: every alert rule's expression and every Grafana
 * panel's query, and what each selects: metric names and the label names its
 * matchers use. Parsed with Prometheus' own grammar (@prometheus-io/lezer-promql),
 * so a query that does not parse is reported, not skipped.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parser } from '@prometheus-io/lezer-promql';
import { parse as parseYaml } from 'yaml';

export const ALERTS_FILE = fileURLToPath(new URL('../../deploy/prometheus/plume-alerts.yaml', import.meta.url));
export const DASHBOARD_FILE = fileURLToPath(new URL('../../deploy/grafana/plume-dashboard.json', import.meta.url));

export interface Query {
  /** Where it is: `alert PlumeQueueStuck`, `panel "Queue by state" A`. */
  where: string;
  expr: string;
}

export interface Selector {
  metric: string;
  labels: string[];
}

export function alertQueries(file = ALERTS_FILE): Query[] {
  const doc = parseYaml(readFileSync(file, 'utf8')) as { groups: Array<{ name: string; rules: Array<{ alert?: string; record?: string; expr: string }> }> };
  return doc.groups.flatMap((g) => g.rules.map((r) => ({ where: `alert ${r.alert ?? r.record}`, expr: String(r.expr) })));
}

interface Panel {
  title?: string;
  targets?: Array<{ refId?: string; expr?: string }>;
  panels?: Panel[];
}

export function dashboardQueries(file = DASHBOARD_FILE): Query[] {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { panels: Panel[] };
  const out: Query[] = [];
  const walk = (panels: Panel[]) => {
    for (const p of panels) {
      for (const t of p.targets ?? []) if (t.expr) out.push({ where: `panel "${p.title}" ${t.refId}`, expr: t.expr });
      walk(p.panels ?? []);
    }
  };
  walk(doc.panels);
  return out;
}

/**
 * The vector selectors of one expression. Grafana's template variables
 * ($name, ${name}) stand where a label value goes; they are replaced by a
 * plain string so the grammar accepts the query.
 */
export function selectors(expr: string): Selector[] {
  const text = expr.replace(/\$\{?[A-Za-z_][A-Za-z0-9_]*\}?/g, 'x');
  const tree = parser.parse(text);
  const found: Selector[] = [];
  const errors: number[] = [];
  tree.iterate({
    enter(node) {
      if (node.type.isError) errors.push(node.from);
      if (node.name !== 'VectorSelector') return;
      let metric = '';
      const labels: string[] = [];
      const cursor = node.node.cursor();
      cursor.firstChild();
      do {
        if (cursor.name === 'Identifier') metric = text.slice(cursor.from, cursor.to);
        if (cursor.name === 'LabelMatchers') {
          const inner = cursor.node.cursor();
          inner.iterate((n) => {
            if (n.name === 'LabelName') labels.push(text.slice(n.from, n.to));
          });
        }
      } while (cursor.nextSibling());
      found.push({ metric, labels });
    },
  });
  if (errors.length) throw new Error(`PromQL does not parse at offset ${errors[0]}: ${expr}`);
  return found;
}
