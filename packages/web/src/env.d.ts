/// <reference types="vite-plugin-pwa/vanillajs" />

interface ImportMetaEnv {
  /** Set by the build (vite.config.ts): tells one build from another. */
  readonly VITE_BUILD_ID?: string;
}

/** One language's texts, its logged-out part or the signed-in app's (catalogue-parts.ts). */
declare module 'virtual:catalogue/*' {
  const texts: Record<string, string>;
  export default texts;
}
