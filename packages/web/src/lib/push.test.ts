import { describe, expect, it } from 'vitest';
import { NoServiceWorkerError, pushProblemOf } from './push';

describe('pushProblemOf', () => {
  it('tells a service worker that never started from a push service that refused', () => {
    expect(pushProblemOf(new NoServiceWorkerError())).toBe('noWorker');
    expect(
      pushProblemOf(new DOMException('Registration failed - push service not available', 'AbortError')),
    ).toBe('noPushService');
    expect(pushProblemOf(new Error('anything else'))).toBe('noPushService');
  });

  it('reads a refusal to subscribe as notifications blocked', () => {
    expect(
      pushProblemOf(new DOMException('Registration failed - permission denied', 'NotAllowedError')),
    ).toBe('denied');
  });
});
