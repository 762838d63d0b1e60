/**
 * The key titles are searched and sorted by: NFC, then Unicode lower case. The server stores it
 * (computed here, so both databases agree), and the offline list and the tests' fakes match with
 * it, so a title found by one is found by all.
 */
export const titleKey = (title: string): string => title.normalize('NFC').toLowerCase();

/** Whether `title` matches a title search for `needle`. */
export const titleContains = (title: string, needle: string): boolean =>
  titleKey(title).includes(titleKey(needle));
