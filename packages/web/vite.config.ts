import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Imports of `@nestbox/shared/<path>` resolve to its TypeScript sources, as in the root vitest config. */
const sharedSource = {
  find: /^@nestbox\/shared\/(.*)$/,
  replacement: fileURLToPath(new URL('../shared/src/$1.ts', import.meta.url)),
};

const modules = (names: string) => new RegExp(`/node_modules/(${names})/`);

/** Vendor chunks by package (only packages the first page needs; the rest follow their importers). */
const vendorChunks: [string, RegExp][] = [
  ['react', modules('react|react-dom|scheduler')],
  ['router', modules('react-router')],
  [
    'mantine',
    modules(
      '@mantine/(core|hooks|notifications|modals)|@floating-ui/[^/]+|react-transition-group|react-remove-scroll[^/]*|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|clsx',
    ),
  ],
  ['query', modules('@tanstack/(query-core|react-query)')],
];

/** The API server during development (`npm run dev` at the root starts it on this port). */
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [sharedSource] },
  server: {
    proxy: {
      // Only whole path segments: `/user` must not swallow a page such as `/users-guide`.
      '^/(api|auth|user|slack|e2e)(/|$)': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The libraries every page needs go in long-lived chunks of their own, loaded in
        // parallel with the app's entry (which stays small); pages and features are lazy.
        codeSplitting: {
          groups: vendorChunks.map(([name, test]) => ({ name, test, priority: 10 })),
        },
      },
    },
  },
});
