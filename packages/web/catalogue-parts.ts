import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { messagesEnGb } from '../shared/src/i18n/messages.en-gb.js';
import { messagesFr } from '../shared/src/i18n/messages.fr.js';
import { uiEnGb } from '../shared/src/i18n/ui.en-gb.js';
import { uiFr } from '../shared/src/i18n/ui.fr.js';

/**
 * The texts the logged-out pages use, by the first part of their keys (forms, the auth
 * pages, error screens, date pickers, validation and errors): they come with every page.
 * Every other text (the signed-in app's) is a chunk of its own, loaded with the app.
 */
export const LOGGED_OUT_PREFIXES = new Set([
  'activate',
  'activation',
  'app',
  'auth',
  'calendar',
  'captcha',
  'common',
  'confirmEmail',
  'crash',
  'emailChange',
  'error',
  'forgot',
  'form',
  'info',
  'login',
  'logout',
  'notFound',
  'notifications',
  'passkeys',
  'password',
  'reset',
  'resend',
  'serverError',
  'session',
  'signup',
  'validation',
]);

export type CataloguePart = 'base' | 'app';

/** `base` for a key the logged-out pages may show, `app` for any other. */
export function partOf(key: string): CataloguePart {
  return LOGGED_OUT_PREFIXES.has(key.split('.', 1)[0] ?? '') ? 'base' : 'app';
}

const PREFIX = 'virtual:catalogue/';
const RESOLVED = `\0${PREFIX}`;
const sources = { 'en-GB': { ...messagesEnGb, ...uiEnGb }, fr: { ...messagesFr, ...uiFr } } as const;
type Locale = keyof typeof sources;

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const modules: Record<Locale, { messages: string; ui: string; names: [string, string] }> = {
  'en-GB': {
    messages: here('../shared/src/i18n/messages.en-gb.ts'),
    ui: here('../shared/src/i18n/ui.en-gb.ts'),
    names: ['messagesEnGb', 'uiEnGb'],
  },
  fr: {
    messages: here('../shared/src/i18n/messages.fr.ts'),
    ui: here('../shared/src/i18n/ui.fr.ts'),
    names: ['messagesFr', 'uiFr'],
  },
};

/**
 * `virtual:catalogue/<locale>/<part>`: one language's texts, the logged-out part (`base`) or
 * the signed-in app's (`app`). A build writes each part as plain data, so the login page
 * carries none of the app's texts; the dev server and tests read the catalogues as they are
 * (edits show at once) and keep the part's keys.
 */
export function catalogueParts(): Plugin {
  let building = false;
  return {
    name: 'nestbox-catalogue-parts',
    configResolved(config) {
      building = config.command === 'build' && !config.isWorker && config.mode !== 'test';
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const [locale, part] = id.slice(RESOLVED.length).split('/') as [Locale, CataloguePart];
      if (!(locale in sources) || (part !== 'base' && part !== 'app'))
        throw new Error(`Unknown catalogue ${id}`);
      if (building) {
        const texts = Object.fromEntries(
          Object.entries(sources[locale]).filter(([key]) => partOf(key) === part),
        );
        return `export default ${JSON.stringify(texts)};`;
      }
      const { messages, ui, names } = modules[locale];
      return [
        `import { ${names[0]} as messages } from ${JSON.stringify(messages)};`,
        `import { ${names[1]} as ui } from ${JSON.stringify(ui)};`,
        `const prefixes = new Set(${JSON.stringify([...LOGGED_OUT_PREFIXES])});`,
        `const wanted = ${JSON.stringify(part)};`,
        'export default Object.fromEntries(Object.entries({ ...messages, ...ui }).filter(([key]) => (prefixes.has(key.split(".", 1)[0]) ? "base" : "app") === wanted));',
      ].join('\n');
    },
  };
}
