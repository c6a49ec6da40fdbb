import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n';
import { AuthNotice } from './auth-notice';
import type { CaptchaHandle } from './captcha-handle';

/** The part of Google's `grecaptcha` global this form uses (v2 checkbox, explicit rendering). */
interface Grecaptcha {
  render(container: HTMLElement, parameters: { sitekey: string }): number;
  getResponse(widgetId: number): string;
  reset(widgetId: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    nestboxRecaptchaLoaded?: () => void;
  }
}

const SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';
let loading: Promise<Grecaptcha> | undefined;

/**
 * Loads Google's script once (the server's CSP allows Google's origins when reCAPTCHA is
 * configured). Explicit rendering calls back a named global once `grecaptcha` is ready.
 */
function loadRecaptcha(language: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.nestboxRecaptchaLoaded = () => {
      if (window.grecaptcha) resolve(window.grecaptcha);
      else reject(new Error('reCAPTCHA loaded without grecaptcha'));
    };
    const script = document.createElement('script');
    script.src = `${SCRIPT_URL}?onload=nestboxRecaptchaLoaded&render=explicit&hl=${encodeURIComponent(language)}`;
    script.async = true;
    script.onerror = () => {
      script.remove();
      loading = undefined;
      reject(new Error('reCAPTCHA could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Google's reCAPTCHA checkbox, for installations that configure RECAPTCHA_SECRET and site key. */
export function RecaptchaCaptcha({ siteKey, ref }: { siteKey: string; ref?: Ref<CaptchaHandle> }) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const widgetIdRef = useRef<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha(currentLocale()).then(
      (grecaptcha) => {
        const container = containerRef.current;
        if (cancelled || !container || widgetIdRef.current !== null) return;
        widgetIdRef.current = grecaptcha.render(container, { sitekey: siteKey });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  useImperativeHandle(
    ref,
    () => ({
      async getResponse() {
        const id = widgetIdRef.current;
        return id === null ? '' : (window.grecaptcha?.getResponse(id) ?? '');
      },
      reset() {
        const id = widgetIdRef.current;
        if (id !== null) window.grecaptcha?.reset(id);
      },
    }),
    [],
  );

  if (failed) return <AuthNotice tone="error">{t('captcha.loadFailed')}</AuthNotice>;
  return <div ref={containerRef} style={{ minHeight: 78 }} />;
}
