/**
 * filters[labels][…] of the todo list as a condition on todos: a semi-join on the links (EXISTS or
 * IN), so a todo with several matching labels is one row and totals count it once. A label filter
 * reads migration 019's index of a label's todos; a name filter first finds the owner's labels of
 * that name (labels_owner_name for any case).
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { LabelCondition } from '../../shared/label-relation';
import { titleKey } from '../../shared/title-key';
import type { Database } from '../db/types';

type Eb = ExpressionBuilder<Database, 'todos'>;

export const labelCondition =
  (ownerId: number, condition: LabelCondition) =>
  (eb: Eb): Expression<SqlBool> => {
    const links = eb.selectFrom('todo_labels').select('todo_labels.todo_id');
    if (condition.kind === 'none' || condition.kind === 'any') {
      const linked = eb.exists(
        eb
          .selectFrom('todo_labels')
          .select(sql.lit(1).as('one'))
          .whereRef('todo_labels.todo_id', '=', 'todos.id'),
      );
      return condition.kind === 'any' ? linked : eb.not(linked);
    }
    if (condition.kind === 'id')
      return eb('todos.id', 'in', links.where('todo_labels.label_id', 'in', condition.ids));
    const named = eb
      .selectFrom('labels')
      .select('labels.id')
      .where('labels.owner_id', '=', ownerId)
      .where(
        condition.exact ? 'labels.name' : 'labels.name_key',
        'in',
        condition.exact ? condition.names : condition.names.map(titleKey),
      );
    return eb('todos.id', 'in', links.where('todo_labels.label_id', 'in', named));
  };
