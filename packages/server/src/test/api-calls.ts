import { expect } from 'vitest';
import type { TestApp } from './build-test-app.js';

/**
 * Calls the test app as a user: `send` answers the raw response, `ok` expects success and
 * answers the JSON. The app and default token are read lazily (they are set in beforeAll).
 */
export function apiCalls(app: () => TestApp, defaultToken: () => string) {
  const send = (method: string, path: string, json?: unknown, token = defaultToken()) =>
    app().request(path, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(json === undefined ? {} : { json }),
    });
  async function ok<T>(method: string, path: string, json?: unknown, token = defaultToken()): Promise<T> {
    const res = await send(method, path, json, token);
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  }
  return { send, ok };
}
