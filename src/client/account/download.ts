/** Hands text to the browser as a file download. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; revoke on the next turn, when the download holds its own copy.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const exportFileName = (format: 'json' | 'csv', now = new Date()): string =>
  `ticklist-export-${now.toISOString().slice(0, 10)}.${format}`;
