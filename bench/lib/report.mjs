/**
 * Shared output format of every benchmark: one line per figure,
 *   `name: ratio X.XX (target …) — raw numbers`
 * so bench/run.mjs output can be grepped and compared run to run. A missed
 * target is reported, never turned into a failing exit code: only a crash is.
 */
import os from 'node:os';

const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const fmt = {
  int: (n) => int.format(n),
  fixed: (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : String(n)),
  pct: (n) => `${(n * 100).toFixed(0)}%`,
};

/**
 * @param {string} name
 * @param {number} ratio
 * @param {{ op: '>=' | '<=', value: number }} target
 * @param {string} raw
 */
export function ratioLine(name, ratio, target, raw) {
  const met = target.op === '>=' ? ratio >= target.value : ratio <= target.value;
  const sign = target.op === '>=' ? '≥' : '≤';
  return `${name}: ratio ${fmt.fixed(ratio)} (target ${sign} ${fmt.fixed(target.value)}, ${met ? 'met' : 'MISSED'}) — ${raw}`;
}

export function machineLine() {
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  return `machine: ${os.availableParallelism()} cores (${cpu}), node ${process.version}, ${process.platform}/${process.arch}, load average ${os.loadavg()[0].toFixed(2)} at start`;
}
