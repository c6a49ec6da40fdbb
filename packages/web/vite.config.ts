import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** Imports of `@nestbox/shared/<path>` resolve to its TypeScript sources, as in the root vitest config. */
const sharedSource = {
  find: /^@nestbox\/shared\/(.*)$/,
  replacement: fileURLToPath(new URL('../shared/src/$1.ts', import.meta.url)),
};

const packages = (names: string) => new RegExp(`/node_modules/(${names})/`);

/**
 * Mantine components the logged-out pages draw (with the components those use in turn): they
 * go in the `mantine` chunk every page loads; the rest of Mantine goes in `mantine-app`, which
 * only the signed-in pages load. (Their styles are split the same way: app/mantine-base.css,
 * app/layout/mantine-app.css.)
 */
const LOGGED_OUT_COMPONENTS = new Set(
  'ActionIcon Alert Anchor Button Center Checkbox CloseButton Group Input InputBase Loader Notification Paper PasswordInput Portal Skeleton Stack Text TextInput ThemeIcon Title Transition UnstyledButton VisuallyHidden'.split(
    ' ',
  ),
);
const MANTINE_COMPONENT = /\/node_modules\/@mantine\/core\/esm\/components\/([^/]+)\//;

/**
 * Libraries in long-lived chunks of their own, so that a change to the app's code leaves them
 * cached: what every page needs, then what only the signed-in pages need. Each is named by
 * what it holds, and its hash changes only when the library does.
 */
const vendorChunks: [string, (id: string) => boolean][] = [
  ['react', (id) => packages('react|react-dom|scheduler').test(id)],
  ['router', (id) => packages('react-router').test(id)],
  ['query', (id) => packages('@tanstack/(query-core|react-query)').test(id)],
  [
    'mantine',
    (id) => {
      const component = MANTINE_COMPONENT.exec(id)?.[1];
      if (component) return LOGGED_OUT_COMPONENTS.has(component);
      return packages(
        '@mantine/(core|hooks|notifications|store)|react-transition-group|react-remove-scroll[^/]*|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|clsx',
      ).test(id);
    },
  ],
  [
    'mantine-app',
    (id) => MANTINE_COMPONENT.test(id) || packages('@mantine/(modals|dates)|@floating-ui/[^/]+').test(id),
  ],
  ['i18n', (id) => packages('i18next|react-i18next|zod').test(id)],
  [
    'vendor-app',
    (id) =>
      packages(
        'socket.io-client|engine.io-[^/]+|socket.io-parser|@socket.io/[^/]+|date-fns|@date-fns/tz|dayjs|@dnd-kit/[^/]+|@tanstack/(virtual-core|react-virtual)',
      ).test(id),
  ],
];

/** The API server during development (`npm run dev` at the root starts it on this port). */
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  // Brotli and gzip copies of every text asset, written beside it: the server sends them as
  // they are (@fastify/static `preCompressed`) instead of compressing on every request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
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
          // Earlier entries win: a module in two lists goes in the first.
          groups: vendorChunks.map(([name, test], index) => ({
            name,
            test,
            priority: vendorChunks.length - index,
          })),
        },
      },
    },
  },
});
