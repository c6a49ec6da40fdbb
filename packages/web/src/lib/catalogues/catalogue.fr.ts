import { messagesFr } from '@nestbox/shared/i18n/messages.fr';
import { uiFr } from '@nestbox/shared/i18n/ui.fr';
import type { TranslationKey } from '../i18n';

/** Every French text of the web app: the keys of the English catalogue, each translated. */
export const catalogueFr: Record<TranslationKey, string> = { ...messagesFr, ...uiFr };
