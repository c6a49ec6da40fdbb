/** The settings of a Nestbox JSON export as a fresh account has them, for files the benches import. */
export const FRESH_SETTINGS = {
  locale: 'en-GB',
  timezone: 'Europe/London',
  workspace: { tooltipsEnabled: true, openBoxesIn: 'newPane' },
  organizer: {
    prioritizedSplitPercentage: 55,
    unprioritizedListOrderBy: 'createdDate',
    unprioritizedListOrderByDir: 'desc',
  },
  customizations: {
    defaultShowCompletedItems: false,
    defaultAutoAddToUnprioritized: true,
    reminderEmails: false,
    shortcutsEnabled: true,
  },
};
