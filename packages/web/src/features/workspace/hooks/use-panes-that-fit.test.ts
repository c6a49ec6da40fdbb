import { describe, expect, it } from 'vitest';
import { panesThatFit } from './use-panes-that-fit';

describe('panesThatFit (SPEC §9: (window width - 60) / pane width)', () => {
  it('counts whole default-width panes', () => {
    expect(panesThatFit(1280)).toBe(3);
    expect(panesThatFit(1920)).toBe(4);
    expect(panesThatFit(860)).toBe(2);
  });

  it('is at least one, however narrow the window', () => {
    expect(panesThatFit(390)).toBe(1);
    expect(panesThatFit(0)).toBe(1);
  });

  it('follows the pane width', () => {
    expect(panesThatFit(1280, 540)).toBe(2);
  });
});
