import type { Locator, Page, Route } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { createBox, pane, rootBoxId } from '../support/api.js';
import { expect, test } from '../support/test.js';
import { appendTexts, handle, mouseDrag, openPanes, rows } from '../support/workspace-setup.js';

const BOX = 'Archive of notes';
const TEXTS = Array.from({ length: 1_000 }, (_, i) => `Note ${i + 1}`);

/**
 * Holds the requests for the pages after a pane's first until `release` is called: the test
 * looks at the pane as it is between its first page and the rest.
 */
async function holdLaterPages(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/items\/get-items-for-pane\?.*offset=/, async (route: Route) => {
    await released;
    // A page the app stopped waiting for (its load was cancelled by a change) has nothing to go on to.
    await route.continue().catch(() => {});
  });
  return release;
}

/**
 * Loaded rows drawn where the person can see them. The list also keeps the row that holds its
 * Tab stop drawn when it is scrolled out of sight, so counting every drawn row would count it.
 */
const rowsInSight = (rowsOf: Locator) =>
  rowsOf.evaluateAll(
    (drawn) =>
      drawn.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
      }).length,
  );

test('a box of 1,000 texts shows its first rows at once, fills in behind them and stays editable', async ({
  page,
}) => {
  const { request } = page;
  const { email, token } = await createLoggedInAccount(request, { label: 'big-box' });
  const box = await createBox(request, token, BOX);
  await appendTexts(request, email, box._id, TEXTS);
  await openPanes(request, token, [box._id]);
  await putSessionToken(page, token);

  const releaseLaterPages = await holdLaterPages(page);

  await page.goto('/app/boxes');
  const big = pane(page, BOX);
  const list = big.getByRole('list', { name: `Items in ${BOX}` });
  const row = (title: string) => rows(page, BOX).filter({ hasText: new RegExp(`^${title}$`) });
  const scrollTo = (where: 'top' | 'end') =>
    list.evaluate((element, to) => {
      const scroller = element.parentElement;
      if (scroller) scroller.scrollTop = to === 'top' ? 0 : scroller.scrollHeight;
    }, where);

  // The first page: rows at once, the list busy and as long as the whole box, its end placeholders.
  await expect(rows(page, BOX).first()).toHaveText('Note 1');
  await expect(list).toHaveAttribute('aria-busy', 'true');
  await scrollTo('end');
  await expect(big.locator('[data-pending-row]').first()).toBeVisible();
  await expect.poll(() => rowsInSight(rows(page, BOX))).toBe(0);

  // A change while the rest is on its way: completing a loaded text takes it out for good.
  await scrollTo('top');
  const completed = page.waitForResponse((r) => r.url().endsWith('/api/items/complete'));
  await row('Note 2').getByRole('checkbox', { name: 'Mark as done' }).click();
  expect((await completed).status()).toBe(200);
  await expect(row('Note 2')).toHaveCount(0);

  // The rest arrives: the list is whole, nothing lost or doubled, and its end shows the last text.
  releaseLaterPages();
  await expect(list).not.toHaveAttribute('aria-busy');
  await expect(rows(page, BOX).first()).toHaveText('Note 1');
  await expect(rows(page, BOX).nth(1)).toHaveText('Note 3');
  await scrollTo('end');
  await expect(row('Note 1000')).toBeVisible();
  await expect(big.locator('[data-pending-row]')).toHaveCount(0);

  // A text typed at the end goes after the last one.
  await big.getByRole('button', { name: 'Insert item' }).click();
  await page.getByRole('menuitem', { name: 'Text' }).click();
  const created = page.waitForResponse((r) => r.url().endsWith('/api/items/create-item'));
  await page.keyboard.type('Written last');
  await page.keyboard.press('Enter');
  expect((await created).status()).toBe(201);
  await page.keyboard.press('Escape');
  await scrollTo('end');
  await expect(rows(page, BOX).last()).toHaveText('Written last');

  // A drag near the end of the box: the last text before 'Note 999'.
  const moved = page.waitForResponse((r) => r.url().includes('/api/items/move-within-pane'));
  await mouseDrag(page, handle(big, 'Written last'), row('Note 999'));
  expect((await moved).status()).toBe(200);
  await expect(rows(page, BOX).last()).toHaveText('Note 1000');

  // All of it holds after a reload, read from the server again.
  await page.reload();
  await expect(rows(page, BOX).first()).toHaveText('Note 1');
  await expect(list).not.toHaveAttribute('aria-busy');
  await scrollTo('end');
  await expect(rows(page, BOX).last()).toHaveText('Note 1000');
  await expect(
    rows(page, BOX).filter({ hasText: /^(Note 998|Written last|Note 999|Note 1000)$/ }),
  ).toHaveText(['Note 998', 'Written last', 'Note 999', 'Note 1000']);
  await scrollTo('top');
  await expect(rows(page, BOX).nth(1)).toHaveText('Note 3');
});

test('a search result deep in a box of 1,000 texts opens the box scrolled to it, once its page is in', async ({
  page,
}) => {
  const { request } = page;
  const { email, token } = await createLoggedInAccount(request, { label: 'big-box-search' });
  const box = await createBox(request, token, BOX);
  await appendTexts(request, email, box._id, TEXTS);
  await openPanes(request, token, [await rootBoxId(request, token)]);
  await putSessionToken(page, token);
  const releaseLaterPages = await holdLaterPages(page);

  await page.goto('/app/boxes');
  await pane(page, 'Workspace').getByRole('button', { name: 'Search' }).click();
  const search = page.locator('section[data-pane-type="search"]');
  await search.getByRole('textbox', { name: 'Search titles' }).fill('Note 987');
  const result = search.getByRole('list', { name: 'Search results' }).getByRole('button');
  await expect(result).toHaveText([`Note 987in ${BOX}`]);
  await result.click();

  // The box opens scrolled to where the text will be, among rows still loading (none of the
  // first page's rows is drawn there)…
  const big = pane(page, BOX);
  await expect(big.locator('[data-pending-row]').nth(10)).toBeInViewport();
  await expect.poll(() => rowsInSight(rows(page, BOX))).toBe(0);
  releaseLaterPages();
  // …and the text shows there, marked, as soon as its page arrives.
  const revealed = big.locator('[data-item-id][data-revealed]');
  await expect(revealed).toHaveText('Note 987');
  await expect(revealed).toBeInViewport();
});
