/**
 * The text this page last sent to be saved for each item, so that when the server tells of a
 * save that replaced a text its writer had not seen (`item:overwritten`), the page whose words
 * were replaced knows they were its own, and offers them back.
 */
const saved = new Map<string, string>();

export const rememberSavedText = (itemId: string, title: string): void => {
  saved.set(itemId, title);
};

export const savedTextOf = (itemId: string): string | undefined => saved.get(itemId);
