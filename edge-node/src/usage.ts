/** A command line plume-edge cannot run as written: exit 64 with the usage text (program.ts). */
export class UsageError extends Error {}
