/**
 * Every environment variable either process reads is documented for
 * operators: a row in docs/operators.md, and for the edge node also in
 * `plume-edge --help`. Adding a variable to a config schema without its
 * documentation fails here.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { configSchema as controlPlaneSchema } from '../control-plane/src/config.js';
import { configSchema as edgeSchema } from '../edge-node/src/config.js';

const root = new URL('../', import.meta.url);
const operatorsDoc = readFileSync(new URL('docs/operators.md', root), 'utf8');

/** The variable names of a config schema: the keys of the object under its refinements and transform. */
function variables(schema: z.ZodType): string[] {
  let s: unknown = schema;
  for (let depth = 0; depth < 5; depth++) {
    const node = s as { shape?: Record<string, unknown>; in?: unknown; def?: { in?: unknown } };
    if (node.shape) return Object.keys(node.shape);
    s = node.in ?? node.def?.in;
  }
  throw new Error('no object schema found under the config schema');
}

describe('configuration documentation', () => {
  it('finds the variables of both schemas', () => {
    expect(variables(controlPlaneSchema)).toContain('DATABASE_URL');
    expect(variables(edgeSchema)).toContain('PLUME_EDGE_VIDEO_DIR');
  });

  it.each([
    ['control plane', controlPlaneSchema],
    ['edge node', edgeSchema],
  ] as const)('docs/operators.md has a row for every variable the %s reads', (_name, schema) => {
    const missing = variables(schema).filter((v) => !new RegExp(`^\\|[^\\n]*\`${v}\``, 'm').test(operatorsDoc));
    expect(missing).toEqual([]);
  });

  it('plume-edge --help names every variable the edge node reads', () => {
    const help = spawnSync(process.execPath, [new URL('edge-node/dist/cli.js', root).pathname, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    const missing = variables(edgeSchema).filter((v) => !help.stdout.includes(v));
    expect(missing).toEqual([]);
  });
});
