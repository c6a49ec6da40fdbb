import { describe, expect, it } from 'vitest';
import { isLoadFailure } from './load-boundary';

describe('isLoadFailure', () => {
  it('knows what each browser says when a part of the app cannot be fetched, and nothing else', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://127.0.0.1/assets/quick-capture-form-x.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: http://127.0.0.1/assets/x.js',
      'Unable to preload CSS for /assets/quick-capture-form-x.css',
    ])
      expect(isLoadFailure(new TypeError(message)), message).toBe(true);
    expect(isLoadFailure(new TypeError("Cannot read properties of undefined (reading 'title')"))).toBe(false);
    expect(isLoadFailure('a string')).toBe(false);
  });
});
