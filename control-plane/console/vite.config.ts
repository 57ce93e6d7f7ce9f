/**
 * Builds the console into dist/ (served by the control plane at /, see
 * control-plane/src/console/spa.ts). `html.cspNonce` puts a placeholder nonce
 * on the tags Vite writes and a `<meta property="csp-nonce">` the app reads:
 * the server swaps the placeholder for a fresh nonce on every index.html it
 * sends, and the same nonce goes into its Content-Security-Policy, so the
 * `<style>` elements Mantine injects (its CSS variables) are allowed while
 * any other inline style or script is refused.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
