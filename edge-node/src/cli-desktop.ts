#!/usr/bin/env node
/**
 * The shipped `plume-desktop` (bin/plume-desktop.js imports this file): Plume
 * Desktop with the platform adapters this build carries, as a desktop runs
 * them (YouTube included).
 */
import { runDesktopProgram } from './desktop/program.js';

runDesktopProgram(process.argv.slice(2));
