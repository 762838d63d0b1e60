/**
 * The subtasks an import brings. Our JSON and CSV name each todo's parent by its id in the file
 * (`parent`, the exporting account's ids); Todoist's CSV by indent (INDENT 1 a task, 2 its sub-task,
 * 3 a sub-sub-task, under the nearest shallower task above it in its section; deeper indents sit at
 * the third level, as ours go no deeper). A parent must be among the file's todos, with no cycle and
 * at most MAX_DEPTH levels, or the file is refused naming the row; a subtask goes to its root's
 * project. When the import is written the file's ids become the new todos' ids (linkImportedParents).
 */
import { sql, type Kysely } from 'kysely';
import { MAX_DEPTH } from '../../shared/parent-relation';
import type { Database } from '../db/types';
import { fieldError } from '../http/errors';
import type { ImportedTodo } from './todo-rows';
import { inChunks } from './subtasks';

const key = (id: unknown): string | undefined =>
  (typeof id === 'number' || typeof id === 'string') && String(id).trim() !== ''
    ? String(id).trim()
    : undefined;

/** The parents of a file's todos, gathered row by row while it is read. */
export class FileParents {
  /** Per todo (its index among the file's todos): its parent's index, or the file id it names. */
  private readonly named: { parent: string | number | undefined; where: string }[] = [];
  private readonly byFileId = new Map<string, number | 'repeated'>();
  /** Todoist: the latest task at each indent of the current section. */
  private stack: number[] = [];

  /** A Todoist section starts: its tasks' indents count afresh. */
  section(): void {
    this.stack = [];
  }

  /** The todo `index` of the file, read from `row` (`where` names it in an error). */
  add(row: Record<string, unknown>, index: number, where: string): void {
    if (row.indent !== undefined) {
      const indent = Math.min(Math.max(Number.parseInt(String(row.indent), 10) || 1, 1), MAX_DEPTH);
      // The nearest shallower task above it; a missing level is skipped over.
      let level = indent - 1;
      while (level > 0 && this.stack[level - 1] === undefined) level -= 1;
      this.named.push({ parent: level > 0 ? this.stack[level - 1] : undefined, where });
      this.stack = [...this.stack.slice(0, level), index];
      return;
    }
    const own = key(row.id);
    if (own !== undefined) this.byFileId.set(own, this.byFileId.has(own) ? 'repeated' : index);
    const parent = row.parent === null ? undefined : row.parent;
    this.named.push({ parent: parent === undefined ? undefined : (key(parent) ?? ''), where });
  }

  /** The todos with their parents' indexes (parentRef), in their roots' projects; a 400 naming the row. */
  resolve(todos: ImportedTodo[]): ImportedTodo[] {
    const refs = this.named.map(({ parent, where }) => {
      if (parent === undefined || typeof parent === 'number') return parent;
      const ref = parent === '' ? undefined : this.byFileId.get(parent);
      if (typeof ref === 'number') return ref;
      const why =
        parent === ''
          ? 'parent must be the id of one of the file’s todos'
          : ref === 'repeated'
            ? `parent ${parent} names more than one of the file’s todos`
            : `parent ${parent} is not among the file’s todos`;
      throw fieldError(['parent'], `${where}: ${why}`);
    });
    return todos.map((todo, index) => {
      const chain = [index];
      for (let up = refs[index]; up !== undefined; up = refs[up]) {
        if (up === index)
          throw fieldError(
            ['parent'],
            `${this.named[index]!.where}: a todo cannot be its own ancestor`,
          );
        chain.push(up);
        if (chain.length > MAX_DEPTH)
          throw fieldError(
            ['parent'],
            `${this.named[index]!.where}: subtasks go at most ${MAX_DEPTH} levels deep`,
          );
      }
      const root = todos[chain[chain.length - 1]!]!;
      return { ...todo, parentRef: refs[index], projectRef: root.projectRef };
    });
  }
}

/**
 * After an import's rows became todos (`ids`, in the rows' order): each staged row's parent_ref (its
 * parent's position) becomes that todo's id, a chunk of rows a statement.
 */
export async function linkImportedParents(
  trx: Kysely<Database>,
  batchId: string,
  ids: number[],
): Promise<void> {
  const staged = await trx
    .selectFrom('import_rows')
    .select(['position', 'parent_ref'])
    .where('batch_id', '=', batchId)
    .where('parent_ref', 'is not', null)
    .execute();
  // Ids come from the rows' insertion, which followed their positions: ascending ids, ascending positions.
  const inOrder = [...ids].sort((a, b) => a - b);
  const parentOf = new Map(
    staged.map((row) => [inOrder[row.position]!, inOrder[row.parent_ref!]!]),
  );
  await inChunks([...parentOf.keys()], async (chunk) => {
    // Ids from the database: written as literals, so no statement nears a parameter limit.
    await trx
      .updateTable('todos')
      .set({
        parent_id: sql<number>`case id ${sql.join(
          chunk.map((id) => sql`when ${sql.lit(id)} then ${sql.lit(parentOf.get(id)!)}`),
          sql` `,
        )} end`,
      })
      .where('id', 'in', chunk)
      .execute();
  });
}
