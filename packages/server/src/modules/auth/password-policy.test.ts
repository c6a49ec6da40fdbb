import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { isCommonPassword, passwordWeakness, refuseWeakPassword } from './password-policy.js';

describe('password policy', () => {
  it('checks against a maintained list of at least 10,000 common and breached passwords', async () => {
    expect(dictionary['passwords-common'].length).toBeGreaterThanOrEqual(10_000);
    const deepInTheList = dictionary['passwords-common'][9_999] ?? '';
    expect(await isCommonPassword(deepInTheList)).toBe(true);
    expect(await isCommonPassword('Steelers')).toBe(true);
    expect(await passwordWeakness('correct horse battery')).toBeUndefined();
  });

  it('refuses whitespace only and a few characters repeated, but not a passphrase with spaces', async () => {
    for (const password of ['        ', '\t\t\t\t\t\t\t\t', 'zzzzzzzz', 'abababab', 'xyzxyzxyz', 'aabbaabb'])
      expect(await passwordWeakness(password), JSON.stringify(password)).toBe('validation.password.weak');
    expect(await passwordWeakness('  a long passphrase  ')).toBeUndefined();
  });

  it('refuses a weak password with a 400 on the field it came in, and lets a good one through', async () => {
    await expect(refuseWeakPassword('correct horse battery')).resolves.toBeUndefined();
    await expect(refuseWeakPassword('zzzzzzzz')).rejects.toThrow(
      expect.objectContaining({ statusCode: 400, fields: { password: 'validation.password.weak' } }),
    );
    await expect(refuseWeakPassword('Steelers', 'newPassword')).rejects.toThrow(
      expect.objectContaining({ statusCode: 400, fields: { newPassword: 'validation.password.common' } }),
    );
  });
});
