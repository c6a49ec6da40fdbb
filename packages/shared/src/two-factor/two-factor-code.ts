import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.en-gb.js';

const msg = (key: MessageKey) => ({ error: key });

/** A six-digit code from the app (spaces allowed), or a recovery code: one field takes both. */
export const secondFactorCode = z
  .string(msg('validation.secondFactor.code.required'))
  .trim()
  .min(1, msg('validation.secondFactor.code.required'))
  .max(32, msg('validation.secondFactor.code.invalid'))
  .describe('The six-digit code the authenticator app shows, or one of the recovery codes.');

/** Is this (as typed) a code from the app rather than a recovery code? */
export const isAppCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));
