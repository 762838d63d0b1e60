/**
 * Todoist's CSV export as import rows: its tasks become todos (sub-tasks by INDENT, see
 * import-subtasks.ts); its sections become labels (a task takes the label of the section it is
 * under) and a section row tells the indents to count afresh; the `@name` words of a task's CONTENT
 * become labels too, taken out of the title; notes and blank rows are skipped.
 */

/** Todoist's PRIORITY cell (1 is p1, its highest; 4 is p4, its default) as ours; empty or unknown is none. */
const TODOIST_PRIORITIES: Record<string, number> = { '1': 3, '2': 2, '3': 1, '4': 0 };

/** `@name` words: Todoist writes a task's labels so in its content (names have no spaces). */
const LABEL_WORD = /(^|\s)@([^\s@]+)/gu;

/** A task's title without its `@labels`, and those labels; a title of labels only stays as it is. */
export function todoistContent(content: string): { title: string; labels: string[] } {
  const labels = [...content.matchAll(LABEL_WORD)].map((match) => match[2]!);
  const title = content.replace(LABEL_WORD, '$1').replace(/\s+/g, ' ').trim();
  return { title: title || content, labels };
}

/** A reader of a Todoist file's records, in file order (it remembers the section it is in). */
export function todoistReader(cell: (record: string[], name: string) => string | undefined) {
  let section: string | undefined;
  return (record: string[]): Record<string, unknown> | undefined => {
    const type = cell(record, 'type')?.trim().toLowerCase();
    if (type === 'section') {
      section = cell(record, 'content')?.trim() || undefined;
      return { kind: 'section' };
    }
    if (type !== 'task') return undefined;
    const { title, labels } = todoistContent(cell(record, 'content') ?? '');
    return {
      title,
      description: cell(record, 'description') || null,
      priority: TODOIST_PRIORITIES[cell(record, 'priority')?.trim() ?? ''] ?? 0,
      labelNames: section === undefined ? labels : [section, ...labels],
      indent: cell(record, 'indent') ?? '',
    };
  };
}
