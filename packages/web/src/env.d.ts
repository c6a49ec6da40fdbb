/// <reference types="vite-plugin-pwa/vanillajs" />

interface ImportMetaEnv {
  /** Set by the build (vite.config.ts): tells one build from another. */
  readonly VITE_BUILD_ID?: string;
}
