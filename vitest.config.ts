import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against TypeScript sources; daemons spawned by tests run the compiled dist/.
    alias: { '@plume/shared': here('./shared/src/index.ts') },
  },
  test: {
    include: ['{shared,control-plane,edge-node}/src/**/*.test.ts', 'control-plane/console/src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: integration files each hold a database and sometimes child processes.
    maxWorkers: 2,
  },
});
