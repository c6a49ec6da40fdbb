import type { MessageKey } from '@nestbox/shared/i18n/messages.en-gb';
import { appErrors } from '../../http/app-error.js';

/**
 * The ~49,000 most common passwords of the breach-frequency lists zxcvbn-ts ships
 * (`@zxcvbn-ts/language-common`, MIT; read offline, lower-case). Loaded with the first
 * password checked: the lists take megabytes a server at rest has no use for.
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;
const commonPasswordsOf = () =>
  (commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  ));

/** How many distinct characters a password needs at least ('aaaaaaaa', 'abababab' have fewer). */
const MIN_DISTINCT_CHARACTERS = 3;

/** A password that is one short group repeated: 'abcabcabc', '12341234', 'xyzxyzxyz'. */
const REPEATED_GROUP = /^(.{1,4})\1+$/su;

/** Is this password on the list of common and breached passwords (case-insensitive)? */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswordsOf()).has(password.toLowerCase());
}

/**
 * Why a password of an acceptable length is refused, as a message key, or undefined when it
 * is fine: only whitespace, a few characters repeated, or a common or breached password.
 */
export async function passwordWeakness(password: string): Promise<MessageKey | undefined> {
  const folded = password.toLowerCase();
  if (folded.trim() === '') return 'validation.password.weak';
  if (new Set(folded).size < MIN_DISTINCT_CHARACTERS || REPEATED_GROUP.test(folded))
    return 'validation.password.weak';
  if ((await isCommonPassword(folded)) || (await isCommonPassword(folded.trim())))
    return 'validation.password.common';
  return undefined;
}

/** Refuses (400, on `field`) a password that is only whitespace, a few characters repeated, or common. */
export async function refuseWeakPassword(password: string, field = 'password'): Promise<void> {
  const weakness = await passwordWeakness(password);
  if (weakness) throw appErrors.badRequest('error.validation', { [field]: weakness });
}
