import type { Locator, Page } from '@playwright/test';

/*
 * Touches through Chromium's own input pipeline (CDP), so the browser's panning and
 * touch-action decide as they would on a phone.
 */

export type Point = { x: number; y: number };

/** One finger on the screen, driven through Chromium's touch input. */
export async function finger(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: Point) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: at ? [{ x: Math.round(at.x), y: Math.round(at.y), id: 1 }] : [],
    });
  let last: Point = { x: 0, y: 0 };
  return {
    down: async (at: Point) => {
      last = at;
      await send('touchStart', at);
    },
    /** Glides from where the finger is to `to` in `steps` moves. */
    move: async (to: Point, steps = 12) => {
      const from = last;
      for (let step = 1; step <= steps; step++) {
        last = { x: from.x + ((to.x - from.x) * step) / steps, y: from.y + ((to.y - from.y) * step) / steps };
        await send('touchMove', last);
      }
    },
    up: () => send('touchEnd'),
    /**
     * Presses at `from` and moves on to `to` at once, the finger staying down: the moves
     * reach the page well within the 250 ms a row needs to lift, even on a loaded machine.
     */
    pressAndMove: async (from: Point, to: Point, steps = 4) => {
      const moves = Array.from({ length: steps }, (_, index) => ({
        x: from.x + ((to.x - from.x) * (index + 1)) / steps,
        y: from.y + ((to.y - from.y) * (index + 1)) / steps,
      }));
      last = to;
      await Promise.all([send('touchStart', from), ...moves.map((at) => send('touchMove', at))]);
    },
    /**
     * A quick stroke from `from` to `to`: every event is sent at once, without waiting for the
     * page between them, so even a loaded machine delivers the first move well within the
     * 250 ms a row needs to lift.
     */
    flick: async (from: Point, to: Point, steps = 6) => {
      const moves = Array.from({ length: steps }, (_, index) => ({
        x: from.x + ((to.x - from.x) * (index + 1)) / steps,
        y: from.y + ((to.y - from.y) * (index + 1)) / steps,
      }));
      last = to;
      await Promise.all([
        send('touchStart', from),
        ...moves.map((at) => send('touchMove', at)),
        send('touchEnd'),
      ]);
    },
  };
}

export async function centreOf(locator: Locator): Promise<Point> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
