import { describe, expect, it } from 'vitest';
import { withoutCaptureParam } from './capture-opener';

describe('withoutCaptureParam', () => {
  it('takes the capture parameter away and keeps the others', () => {
    expect(withoutCaptureParam('?capture')).toBe('');
    expect(withoutCaptureParam('?item=abc&capture=1')).toBe('?item=abc');
  });

  it('is null when the address asks for no capture', () => {
    expect(withoutCaptureParam('')).toBeNull();
    expect(withoutCaptureParam('?item=abc')).toBeNull();
  });
});
