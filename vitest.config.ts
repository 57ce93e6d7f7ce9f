import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

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
          include: ['{shared,control-plane,edge-node}/src/**/*.test.ts', 'control-plane/console/src/**/*.test.ts'],
          isolate: false,
          ...bounds,
        },
      },
      {
        resolve,
        test: {
          // Whole-system tests: daemons, browsers, simulators and fixtures of their own per file.
          name: 'system',
          include: ['test/**/*.test.ts'],
          ...bounds,
        },
      },
    ],
  },
});
