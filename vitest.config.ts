import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './packages/web/catalogue-parts.js';

/** Imports of `@nestbox/shared/<path>` resolve to its TypeScript sources, so tests need no build. */
const sharedSource = {
  find: /^@nestbox\/shared\/(.*)$/,
  replacement: fileURLToPath(new URL('./packages/shared/src/$1.ts', import.meta.url)),
};

export default defineConfig({
  resolve: { alias: [sharedSource] },
  test: {
    reporters: ['default'],
    projects: [
      {
        resolve: { alias: [sharedSource] },
        // The web app's texts come in parts (packages/web/catalogue-parts.ts).
        plugins: [catalogueParts()],
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/shared/src/**/*.test.ts',
            'packages/web/src/**/*.test.{ts,tsx}',
            'deploy/**/*.test.ts',
          ],
        },
      },
      {
        resolve: { alias: [sharedSource] },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['packages/server/src/**/*.test.ts'],
          // Each file builds its own app on its own database, so the files share their
          // workers' loaded modules instead of loading every module again per file: the
          // suite runs in well under half the time.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
