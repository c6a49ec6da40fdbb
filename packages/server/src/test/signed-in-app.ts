import { afterAll, beforeAll } from 'vitest';
import { apiCalls } from './api-calls.js';
import { type BuildTestAppOptions, buildTestApp, type TestApp } from './build-test-app.js';
import { createSignedInUser, type SignedInUser } from './factories.js';

/**
 * The usual start of an API test file: before its tests, the app and a signed-in user, handed
 * to `set` (which keeps them and may add more); after them, the app closed. Answers the calls
 * as that user (`apiCalls`).
 */
export function signedInApp(
  set: (t: TestApp, user: SignedInUser) => void | Promise<void>,
  options: { app?: BuildTestAppOptions; user?: Parameters<typeof createSignedInUser>[1] } = {},
) {
  let app: TestApp | undefined;
  let user: SignedInUser | undefined;
  beforeAll(async () => {
    app = await buildTestApp(options.app);
    user = await createSignedInUser(app, options.user);
    await set(app, user);
  });
  afterAll(() => app?.close());
  const started = () => {
    if (!app || !user) throw new Error('signedInApp: the app is not built yet');
    return { app, user };
  };
  return apiCalls(
    () => started().app,
    () => started().user.token,
  );
}
