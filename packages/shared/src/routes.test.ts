import { describe, expect, it } from 'vitest';
import { isKnownPagePath, PAGE_PATHS, pagePath } from './routes.js';

describe('page paths', () => {
  it.each([
    '/',
    '/login',
    '/logout',
    '/signup',
    '/forgot',
    '/password-reset/abc123',
    '/activate-account/abc123',
    '/resend-activate-link',
    '/resend-activate-link/someone@example.com',
    '/app',
    '/app/boxes',
    '/app/organiser',
  ])('knows %s', (path) => {
    expect(isKnownPagePath(path)).toBe(true);
  });

  it.each([
    '/no/such/page',
    '/login/extra',
    '/password-reset',
    '/password-reset/a/b',
    '/app/other',
    '/apps',
    '/organiser',
    '/LOGIN',
    '/login/',
    '/app/',
    '/index.html',
  ])('does not know %s (paths match exactly: letter case and trailing slash count)', (path) => {
    expect(isKnownPagePath(path)).toBe(false);
  });

  it('fills parameters, encoding them', () => {
    expect(pagePath(PAGE_PATHS.passwordReset, { verifyId: 'a b' })).toBe('/password-reset/a%20b');
    expect(pagePath(PAGE_PATHS.resendActivateLink)).toBe('/resend-activate-link');
    expect(pagePath(PAGE_PATHS.resendActivateLink, { value: 'x@y.z' })).toBe('/resend-activate-link/x%40y.z');
  });
});
