import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('file sizes', () => {
  it('reads in the largest unit under 1024, one decimal below ten', () => {
    expect(formatFileSize(0, 'en-GB')).toBe('0\u00a0B');
    expect(formatFileSize(512, 'en-GB')).toBe('512\u00a0B');
    expect(formatFileSize(3277, 'en-GB')).toBe('3.2\u00a0KB');
    expect(formatFileSize(25 * 1024 * 1024, 'en-GB')).toBe('25\u00a0MB');
    expect(formatFileSize(1.5 * 1024 ** 3, 'fr')).toBe('1,5\u00a0GB');
  });
});
