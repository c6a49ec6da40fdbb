/**
 * The `test` and `expect` every journey imports. Journeys import from here, never from
 * '@playwright/test' directly, so checks that belong to every page (accessibility) are
 * added in one place.
 */
export { expect, test } from '@playwright/test';
