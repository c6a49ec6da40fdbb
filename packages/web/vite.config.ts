import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Imports of `@nestbox/shared/<path>` resolve to its TypeScript sources, as in the root vitest config. */
const sharedSource = {
  find: /^@nestbox\/shared\/(.*)$/,
  replacement: fileURLToPath(new URL('../shared/src/$1.ts', import.meta.url)),
};

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
  },
});
