import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const PACKAGE_TESTS = ['{shared,control-plane,edge-node}/src/**/*.test.ts', 'control-plane/console/src/**/*.test.ts'];

/**
 * Package test files that replace a module (`vi.mock`, `vi.doMock`): a mock only takes where the
 * module is loaded after it, so these cannot share a worker's modules and run isolated.
 */
function mockingPackageTests(): string[] {
  const found: string[] = [];
  for (const root of ['shared/src', 'control-plane/src', 'edge-node/src', 'control-plane/console/src']) {
    for (const file of readdirSync(here(`./${root}`), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.test.ts')) continue;
      const path = `${root}/${file}`;
      if (/\bvi\.(do)?[mM]ock\(/.test(readFileSync(here(`./${path}`), 'utf8'))) found.push(path);
    }
  }
  return found;
}
const MOCKING = mockingPackageTests();

// Tests run against TypeScript sources; daemons spawned by tests run the compiled dist/.
const resolve = { alias: { '@plume/shared': here('./shared/src/index.ts') } };
const bounds = { testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  resolve,
  test: {
    // One template database per run, whatever projects run (the root's global setup runs once).
    globalSetup: ['./test/global-setup.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    // Two cores: integration files each hold a database and sometimes child processes.
    maxWorkers: 2,
    projects: [
      {
        resolve,
        test: {
          // The packages' own tests: each file builds what it uses (an app on its own database, a
          // node in a temporary directory) and none changes a module's state for the next, so a
          // worker keeps the modules it loaded from one file to the next instead of importing the
          // control plane again for each (measured: 101 control-plane files 177 s → 103 s).
          name: 'packages',
          include: PACKAGE_TESTS,
          exclude: ['**/node_modules/**', ...MOCKING],
          isolate: false,
          ...bounds,
        },
      },
      {
        resolve,
        test: {
          // Whole-system tests: daemons, browsers, simulators and fixtures of their own per file —
          // test/ and the edge node's own (edge-node/test/: adapters against the simulator, the
          // daemon, `plume-edge check`, end to end through the daemon).
          name: 'system',
          // And the package files that mock a module (MOCKING).
          include: ['test/**/*.test.ts', 'edge-node/test/**/*.test.ts', ...MOCKING],
          ...bounds,
        },
      },
    ],
  },
});
