import { messagesEnGb } from '@nestbox/shared/i18n/messages.en-gb';
import { uiEnGb } from '@nestbox/shared/i18n/ui.en-gb';

/** Merges two catalogues; the type refuses a key present in both, so neither can shadow the other. */
function mergeCatalogues<A extends object, B extends object>(
  messages: A,
  ui: B & { [K in keyof A & keyof B]: never },
): A & B {
  return { ...messages, ...ui };
}

/** Every English text of the web app, server messages and interface: the reference catalogue. */
export const catalogueEnGb = mergeCatalogues(messagesEnGb, uiEnGb);
