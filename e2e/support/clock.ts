import { type APIRequestContext, expect } from '@playwright/test';

/**
 * The date the dated journeys run on: Saturday 31 July 2027, 23:00 in London, the last hour of
 * a month there, while Paris, Tokyo and Auckland are already on Sunday 1 August. The `dated`
 * project's server starts its clock here (NESTBOX_E2E_NOW) and runs on from it, so a run has
 * an hour before London's midnight.
 */
export const STATED_NOW = '2027-07-31T22:00:00.000Z';

/** The option the `dated` project sets: its server runs from STATED_NOW, and pages take its clock. */
export interface StatedDateOption {
  statedDate: boolean;
}

/**
 * The server's time now (UTC ms). Dated journeys compute "today", "tomorrow" and every date
 * they create from it, never from the machine's clock, which may be on any other day.
 */
export async function serverNow(request: APIRequestContext): Promise<number> {
  const response = await request.get('/e2e/clock');
  expect(response.ok(), `GET /e2e/clock: HTTP ${response.status()}`).toBe(true);
  return ((await response.json()) as { now: number }).now;
}
