/** The child side of simulator-process.mjs: one simulator, its methods served over IPC. */
import { register } from 'tsx/esm/api';

register();
const { startSimulator } = await import('../../test/platform-simulator/index.ts');
const sim = await startSimulator();
process.on('message', async ({ id, fn, args }) => {
  try {
    const result = fn === 'url' ? sim.url : await sim[fn](...args);
    process.send({ id, result: result ?? null });
  } catch (e) {
    process.send({ id, error: e.message });
  }
});
