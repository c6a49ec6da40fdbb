import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogueParts } from './catalogue-parts.js';

/** Imports of `@nestbox/shared/<path>` resolve to its TypeScript sources, as in the root vitest config. */
const sharedSource = {
  find: /^@nestbox\/shared\/(.*)$/,
  replacement: fileURLToPath(new URL('../shared/src/$1.ts', import.meta.url)),
};

const packages = (names: string) => new RegExp(`/node_modules/(${names})/`);

/**
 * Mantine components the logged-out pages draw: with the modules they import, directly or
 * not, and Mantine's core, they go in the `mantine` chunk every page loads; the rest of
 * Mantine goes in `mantine-app`, which only the signed-in pages load. (Their styles are split
 * the same way: app/mantine-base.css, app/layout/mantine-app.css.)
 */
const LOGGED_OUT_COMPONENTS = new Set(
  'ActionIcon Alert Anchor Button Center Checkbox CloseButton Divider Group Input InputBase Loader Paper PasswordInput Skeleton Stack Text TextInput ThemeIcon Title Transition UnstyledButton VisuallyHidden'.split(
    ' ',
  ),
);
const MANTINE_COMPONENT = /\/node_modules\/@mantine\/core\/esm\/components\/([^/]+)\//;
/** Mantine, and the libraries it brings (dayjs, for its dates, is also the app's). */
const MANTINE = packages(
  '@mantine/[^/]+|@floating-ui/[^/]+|tabbable|react-transition-group|prop-types|@babel/runtime|react-remove-scroll[^/]*|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|clsx|dayjs|react-number-format',
);

/**
 * Parts of Mantine only a lazy part of the app draws (Spotlight: the command palette; the
 * number field and its formatting library: Item settings' Repeat section; the multi-select
 * and its pills: the Organizer's tag filter; the segmented control: Customizations and the
 * search pane): they load with it.
 */
const LAZY_MANTINE_PARTS = [
  packages('@mantine/spotlight|react-number-format'),
  /\/node_modules\/@mantine\/core\/esm\/components\/(NumberInput|MultiSelect|PillsInput|Pill|SegmentedControl)\//,
];
const LAZY_MANTINE = { test: (id: string) => LAZY_MANTINE_PARTS.some((part) => part.test(id)) };

const MANTINE_BASE =
  /\/node_modules\/@mantine\/(core\/esm\/core\/|notifications\/esm\/notifications\.store\.mjs$)/;

/**
 * Where the logged-out part of Mantine starts: its core (provider, styles), the listed
 * components, and the store of notifications (their container loads when first needed).
 */
function startsLoggedOutMantine(id: string): boolean {
  const component = MANTINE_COMPONENT.exec(id)?.[1];
  if (component) return LOGGED_OUT_COMPONENTS.has(component);
  return MANTINE_BASE.test(id);
}

/** A Mantine package's index, which re-exports the whole package. */
const PACKAGE_INDEX = /\/node_modules\/(@mantine\/[^/]+)\/esm\/index\.mjs$/;
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g;

/** The names a module's code imports, by module specifier: `import { a, b as c } from "x"` gives x → [a, b]. */
function namedImports(code: string): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const [, names = '', specifier = ''] of code.matchAll(NAMED_IMPORT)) {
    const list = names.split(',').map((name) => name.trim().split(/\s+as\s+/)[0] ?? '');
    imports.set(specifier, [...(imports.get(specifier) ?? []), ...list.filter(Boolean)]);
  }
  return imports;
}

/**
 * The modules `roots` need, following their static imports. An import from a package's
 * index leads only to the modules of the names imported, not to the whole package.
 */
function neededBy(roots: Iterable<string>, info: (id: string) => Rolldown.ModuleInfo | null): Set<string> {
  const needed = new Set<string>();
  const visit = (id: string): void => {
    if (needed.has(id)) return;
    needed.add(id);
    const module = info(id);
    if (!module) return;
    const imports = namedImports(module.code ?? '');
    for (const imported of module.importedIds) {
      const packageName = PACKAGE_INDEX.exec(imported)?.[1];
      const names = packageName ? imports.get(packageName) : undefined;
      if (!names) {
        visit(imported);
        continue;
      }
      needed.add(imported);
      const index = info(imported);
      for (const [specifier, exported] of namedImports(index?.code ?? '')) {
        if (!exported.some((name) => names.includes(name))) continue;
        const target = specifier.startsWith('.')
          ? path.posix.join(path.posix.dirname(imported), specifier)
          : index?.importedIds.find((id) => id.includes(`/node_modules/${specifier}/`));
        if (target) visit(target);
      }
    }
  };
  for (const root of roots) visit(root);
  return needed;
}

/** The app's first screen: the entry, the signed-in layout and the Workspace (/app/boxes). */
const FIRST_SCREEN =
  /\/packages\/web\/src\/(main\.tsx|app\/layout\/app-layout\.tsx|app\/routes\/app\/boxes\.tsx)$/;

/**
 * Mantine's modules, split in two chunks: what the logged-out pages need (`mantine`), and
 * what the signed-in app's first screen needs besides (`mantine-app`). The rest of Mantine
 * loads with the lazy parts of the app that draw it (Item settings, the Organizer, Settings…),
 * where Rolldown places it. Rolldown asks `test` about every module before it asks `name`.
 */
function mantineGroup(): Rolldown.CodeSplittingGroup {
  const roots: string[] = [];
  const firstScreen: string[] = [];
  let needed: { loggedOut: Set<string>; firstScreen: Set<string> } | undefined;
  return {
    name: (id, context) => {
      const info = (moduleId: string) => context.getModuleInfo(moduleId);
      needed ??= { loggedOut: neededBy(roots, info), firstScreen: neededBy(firstScreen, info) };
      if (needed.loggedOut.has(id)) return 'mantine';
      return needed.firstScreen.has(id) ? 'mantine-app' : null;
    },
    test: (id) => {
      // A `test` after a `name`: a new build (watch mode) starts afresh.
      if (needed) {
        roots.length = 0;
        firstScreen.length = 0;
        needed = undefined;
      }
      if (FIRST_SCREEN.test(id)) firstScreen.push(id);
      // Style sheets go with the chunk of the code that imports them.
      if (!MANTINE.test(id) || id.endsWith('.css') || LAZY_MANTINE.test(id)) return false;
      if (startsLoggedOutMantine(id)) roots.push(id);
      return true;
    },
  };
}

/**
 * Libraries in long-lived chunks of their own, so that a change to the app's code leaves them
 * cached: what every page needs, then what only the signed-in pages need. Each is named by
 * what it holds, and its hash changes only when the library does.
 */
const vendorChunks: Rolldown.CodeSplittingGroup[] = [
  { name: 'react', test: packages('react|react-dom|scheduler') },
  { name: 'router', test: packages('react-router') },
  // Hydration only serves the offline copy (lib/offline-cache.ts): it loads with that, not on every page.
  {
    name: 'query',
    test: (id: string) =>
      packages('@tanstack/(query-core|react-query)').test(id) && !/\/hydration\.js$/.test(id),
  },
  // mantineGroup places every module of Mantine itself: none follows a module that imports it.
  { ...mantineGroup(), includeDependenciesRecursively: false },
  { name: 'i18n', test: packages('i18next|react-i18next') },
  { name: 'zod', test: packages('zod') },
  {
    name: 'vendor-app',
    test: packages(
      'socket.io-client|engine.io-[^/]+|socket.io-parser|@socket.io/[^/]+|date-fns|@date-fns/tz|@dnd-kit/[^/]+|@tanstack/(virtual-core|react-virtual)',
    ),
  },
  // Repeats put in words or stepped: loaded where a repeat shows or is typed (lib/recurrence-words).
  { name: 'rrule', test: packages('rrule') },
  // The formatting parser loads when a text with markup first shows (lib/rich-text).
  { name: 'markdown', test: packages('markdown-it|linkify-it|mdurl|uc\\.micro|entities|punycode\\.js') },
];

/** The API server during development (`npm run dev` at the root starts it on this port). */
const apiTarget = 'http://127.0.0.1:3000';

/**
 * React Router's production build. Its package points every import at its development build
 * (remix-run/react-router#14102), whose warnings a production bundle has no use for.
 */
const routerProduction = {
  find: /^react-router$/,
  replacement: path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  ),
};

/**
 * Installable app and offline shell: the web app manifest, and a service worker built from
 * src/service-worker/sw.ts with Workbox, which keeps every built file listed below. The page
 * registers it itself, from the signed-in layout (app/offline/use-app-updates.ts), and a new
 * version waits for the person's "Reload to update".
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  manifest: {
    id: '/app',
    name: 'Nestbox',
    short_name: 'Nestbox',
    description: 'Your boxes, notes and plans in one calm place.',
    lang: 'en-GB',
    start_url: '/app',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#f4f7f6',
    background_color: '#f4f7f6',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    // A link or a text shared from another app lands on /app/share, which files it into the Inbox.
    share_target: {
      action: '/app/share',
      method: 'GET',
      params: { title: 'title', text: 'text', url: 'url' },
    },
    // The installed app's long-press menu: capture at once, the coming days, the Organizer.
    shortcuts: [
      {
        name: 'Quick capture',
        short_name: 'Capture',
        url: '/app/boxes?capture',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
      {
        name: 'Upcoming',
        url: '/app/upcoming',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
      {
        name: 'Organizer',
        url: '/app/organiser',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
    ],
  },
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    // The server sends the page at every page path, never as /index.html: keep it as '/'.
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: '/' } : entry)),
        warnings: [],
      }),
    ],
  },
  devOptions: { enabled: false },
});

/** Tells one build from another (the offline copy of a former build is not read back). */
const BUILD_ID = Date.now().toString(36);

export default defineConfig(({ command }) => ({
  // Brotli and gzip copies of every text asset, written beside it: the server sends them as
  // they are (@fastify/static `preCompressed`) instead of compressing on every request.
  plugins: [
    react(),
    catalogueParts(),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    pwa,
  ],
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID) },
  resolve: { alias: command === 'build' ? [sharedSource, routerProduction] : [sharedSource] },
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
    // Every browser Nestbox runs in (ES2022 modules, passkeys) preloads modules itself: the
    // polyfill for those that do not would only weigh on every first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The shared package only declares: an import of it that the web app does not use
      // (a zod contract behind a development-only check) leaves nothing in the bundle.
      treeshake: { moduleSideEffects: [{ test: /\/packages\/shared\/src\//, sideEffects: false }] },
      output: {
        // The libraries every page needs go in long-lived chunks of their own, loaded in
        // parallel with the app's entry (which stays small); pages and features are lazy.
        codeSplitting: {
          // Earlier entries win: a module in two lists goes in the first.
          groups: vendorChunks.map((group, index) => ({ ...group, priority: vendorChunks.length - index })),
        },
      },
    },
  },
}));
