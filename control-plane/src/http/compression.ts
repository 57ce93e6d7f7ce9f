/**
 * Compression of what the control plane answers, for every surface: an answer
 * of 1 KB or more whose type compresses (JSON, HTML, text, JavaScript, CSS) is
 * sent brotli- or gzip-encoded to a client that accepts it, with
 * `Vary: Accept-Encoding`. Built on @fastify/compress (the Fastify team's
 * plugin, on Node's zlib): Plume's own code only chooses the levels.
 *
 * - Brotli at quality 4 and gzip at level 6 for answers made per request:
 *   near the best ratio for JSON at a small fraction of the CPU of the
 *   highest levels. The console's files are compressed once, at the highest
 *   levels, when it is built (console/vite.config.ts), and sent as they are.
 * - Event streams (a login's live page) write to the socket themselves and are
 *   never buffered by a compressor.
 * - Request bodies are not decompressed: a client sends JSON as it is, and the
 *   surfaces' body limits bound what they parse.
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: the encoding would cost more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
