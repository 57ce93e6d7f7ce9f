/**
 * Builds the console into dist/ (served by the control plane at /, see
 * control-plane/src/console/spa.ts). `html.cspNonce` puts a placeholder nonce
 * on the tags Vite writes and a `<meta property="csp-nonce">` the app reads:
 * the server swaps the placeholder for a fresh nonce on every index.html it
 * sends, and the same nonce goes into its Content-Security-Policy, so the
 * `<style>` elements Mantine injects (its CSS variables) are allowed while
 * any other inline style or script is refused.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** What is worth compressing: text the browser downloads (pictures in the build are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build over 1 KB, at the
 * codecs' highest levels (done once per build, not per request): the control plane sends them to
 * browsers that accept them (spa.ts), so a first visit downloads about a third of the bytes.
 */
function precompress(outDir: string): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'plume-precompress',
    apply: 'build',
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (f) => {
          const path = join(outDir, f);
          const body = await readFile(path);
          if (body.length < 1024) return;
          await Promise.all([
            br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).then((b) => writeFile(`${path}.br`, b)),
            gz(body, { level: constants.Z_BEST_COMPRESSION }).then((b) => writeFile(`${path}.gz`, b)),
          ]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress('dist')],
  html: { cspNonce: 'PLUME_CSP_NONCE' },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // The manifest lets the bundle-size measurement find the first page's chunks.
    manifest: true,
    sourcemap: false,
  },
  // `npm run dev -w @plume/console` next to a control plane on :8080.
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
