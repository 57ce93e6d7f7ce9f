#!/usr/bin/env node
/**
 * The shipped `plume-edge` (bin/plume-edge.js imports this file): the program
 * with the platform adapters this build carries, always. No variable or
 * argument loads other adapter code into it; config.ts refuses
 * PLUME_EDGE_TEST_ADAPTER outright.
 */
import { runProgram } from './cli/program.js';

runProgram(process.argv.slice(2), { adapters: async () => (await import('./adapters/adapter-set.js')).registryAdapters });
