import 'altcha';
import { USER_LOCALES, type UserLocale } from '@nestbox/shared/i18n/locales';
import type { AltchaWidgetElement } from 'altcha';
import { State, type Strings } from 'altcha/types';
import type {} from 'altcha/types/react';
import { type Ref, useCallback, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale, i18n, type TranslationKey } from '../../../lib/i18n';
import classes from './altcha-captcha.module.css';
import type { CaptchaHandle } from './captcha-handle';

/** Served by our own server: a signed proof-of-work challenge (SHA-256), valid 10 minutes. */
const CHALLENGE_URL = '/api/captcha/challenge';

/**
 * Options the widget only takes as JSON: no "Protected by" line and no logo, whose circular
 * arrow reads as a reload button next to our form. The label already says what the box is.
 */
const CONFIGURATION = JSON.stringify({ hideFooter: true, hideLogo: true });

/**
 * Every text the widget shows, with its catalogue key. Typed against the widget's own list
 * (plus two texts its code uses that the list omits), so a new text cannot go untranslated.
 */
const WIDGET_STRINGS = {
  ariaLinkLabel: 'captcha.widget.ariaLinkLabel',
  cancel: 'captcha.widget.cancel',
  enterCode: 'captcha.widget.enterCode',
  enterCodeAria: 'captcha.widget.enterCodeAria',
  enterCodeFromImage: 'captcha.widget.enterCodeFromImage',
  error: 'captcha.widget.error',
  expired: 'captcha.widget.expired',
  footer: 'captcha.widget.footer',
  getAudioChallenge: 'captcha.widget.getAudioChallenge',
  label: 'captcha.widget.label',
  loading: 'captcha.widget.loading',
  reload: 'captcha.widget.reload',
  verify: 'captcha.widget.verify',
  verificationRequired: 'captcha.widget.verificationRequired',
  verified: 'captcha.widget.verified',
  verifying: 'captcha.widget.verifying',
  waitAlert: 'captcha.widget.waitAlert',
} as const satisfies Record<keyof Strings | 'cancel' | 'enterCodeFromImage', TranslationKey>;

/** The widget's language code for each of our locales. */
const WIDGET_LANGUAGE: Record<UserLocale, string> = { 'en-GB': 'en', fr: 'fr' };

function widgetStrings(locale: UserLocale): Record<string, string> {
  const t = i18n.getFixedT(locale);
  return Object.fromEntries(Object.entries(WIDGET_STRINGS).map(([name, key]) => [name, t(key)]));
}

// Our own wording replaces the widget's bundled English, in both languages.
for (const locale of USER_LOCALES) {
  globalThis.$altcha.i18n.set(WIDGET_LANGUAGE[locale], widgetStrings(locale));
}

interface StateChange {
  state: string;
  payload: string | null;
}

/** The `detail` of the widget's `statechange` event. */
function readStateChange(event: Event): StateChange | undefined {
  const detail: unknown = event instanceof CustomEvent ? event.detail : undefined;
  if (typeof detail !== 'object' || detail === null || !('state' in detail)) return undefined;
  const { state, payload } = detail as { state: unknown; payload?: unknown };
  return { state: String(state), payload: typeof payload === 'string' ? payload : null };
}

function isAltchaWidget(element: HTMLElement | null): element is AltchaWidgetElement {
  return element?.tagName === 'ALTCHA-WIDGET';
}

/** The widget's methods exist once it has mounted itself, a moment after it enters the page. */
function isMounted(widget: AltchaWidgetElement): boolean {
  return typeof widget.verify === 'function';
}

/** The widget could not produce an answer (challenge not fetched, time-out, failed work). */
class AltchaFailedError extends Error {
  override readonly name = 'AltchaFailedError';
}

/** Resolves with the payload once the running verification ends; rejects if it failed. */
function waitForOutcome(widget: AltchaWidgetElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const handleStateChange = (event: Event) => {
      const change = readStateChange(event);
      if (!change || change.state === State.VERIFYING) return;
      widget.removeEventListener('statechange', handleStateChange);
      if (change.state === State.VERIFIED && change.payload) resolve(change.payload);
      else reject(new AltchaFailedError(`verification ended in state ${change.state}`));
    };
    widget.addEventListener('statechange', handleStateChange);
  });
}

/**
 * ALTCHA, the self-hosted proof of work: the browser starts solving as soon as the form
 * shows (`auto="onload"`), so the box is usually ticked before the person reaches Confirm.
 * They can also tick it themselves, and if they submit first, {@link CaptchaHandle.getResponse}
 * waits for (or starts) the work. The answer — base64 JSON of challenge and solution — comes
 * from the widget's `statechange` event.
 */
export function AltchaCaptcha({ ref }: { ref?: Ref<CaptchaHandle> }) {
  // Re-renders on a language change, so the `language` attribute follows it.
  useTranslation();
  const widgetRef = useRef<AltchaWidgetElement | null>(null);
  const payloadRef = useRef<string | null>(null);

  // A ref callback rather than an effect: the listener is in place before the widget can
  // finish its first verification.
  const attachWidget = useCallback((element: HTMLElement | null) => {
    if (!isAltchaWidget(element)) return;
    widgetRef.current = element;
    const handleStateChange = (event: Event) => {
      const change = readStateChange(event);
      if (change) payloadRef.current = change.state === State.VERIFIED ? change.payload : null;
    };
    element.addEventListener('statechange', handleStateChange);
    return () => {
      element.removeEventListener('statechange', handleStateChange);
      widgetRef.current = null;
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      async getResponse() {
        const widget = widgetRef.current;
        if (payloadRef.current) return payloadRef.current;
        if (!widget || !isMounted(widget)) return '';
        if (widget.getState() === State.VERIFYING) return waitForOutcome(widget);
        const payload = (await widget.verify())?.payload;
        if (!payload) throw new AltchaFailedError('verification failed');
        return payload;
      },
      reset() {
        const widget = widgetRef.current;
        payloadRef.current = null;
        if (!widget || !isMounted(widget)) return;
        widget.reset();
        // Solve a fresh challenge straight away, as on arrival.
        void widget.verify().catch(() => undefined);
      },
    }),
    [],
  );

  return (
    <altcha-widget
      ref={attachWidget}
      className={classes.widget}
      challenge={CHALLENGE_URL}
      auto="onload"
      language={WIDGET_LANGUAGE[currentLocale()]}
      configuration={CONFIGURATION}
    />
  );
}
