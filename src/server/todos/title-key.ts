/** The key titles are searched and sorted by: Unicode lower case, computed here so both databases agree. */
export const titleKey = (title: string): string => title.normalize('NFC').toLowerCase();
