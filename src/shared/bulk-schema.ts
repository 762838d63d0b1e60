/**
 * The body of POST /api/todos/bulk: one action over many todos, which the server validates with
 * (and the mock API too).
 */
import * as v from 'valibot';
import { bodyMessages, LARGEST_ID } from './schemas';

export const BULK_ACTIONS = [
  'complete',
  'uncomplete',
  'delete',
  'restore',
  'label',
  'unlabel',
  'move',
] as const;
/** The bulk actions that put a label on todos or take it off: they name it in `label`. */
const LABEL_ACTIONS: readonly string[] = ['label', 'unlabel'];
export const BULK_MAX_IDS = 500;
/**
 * POST /api/todos/bulk: one action over 1–500 distinct todo ids. A repeated id is refused, not
 * merged. `label` and `unlabel` name the label in `label`; `move` names the project in `project`
 * (null: the Inbox).
 */
export const bulkBodySchema = v.pipe(
  v.strictObject(
    {
      action: v.picklist(BULK_ACTIONS, `action must be one of ${BULK_ACTIONS.join(', ')}`),
      ids: v.pipe(
        v.array(
          v.pipe(
            v.number('ids must be todo ids (positive integers)'),
            v.integer('ids must be todo ids (positive integers)'),
            v.minValue(1, 'ids must be todo ids (positive integers)'),
            v.maxValue(LARGEST_ID, 'ids must be todo ids (positive integers)'),
          ),
          'ids must be an array of todo ids',
        ),
        v.minLength(1, 'ids must hold at least one id'),
        v.maxLength(BULK_MAX_IDS, `ids must hold at most ${BULK_MAX_IDS} ids`),
        v.check((ids) => new Set(ids).size === ids.length, 'ids must not repeat an id'),
      ),
      label: v.optional(
        v.pipe(
          v.number('label must be a label id'),
          v.integer('label must be a label id'),
          v.minValue(1, 'label must be a label id'),
          v.maxValue(LARGEST_ID, 'label must be a label id'),
        ),
      ),
      project: v.optional(
        v.nullable(
          v.pipe(
            v.number('project must be a project id or null (the Inbox)'),
            v.integer('project must be a project id or null (the Inbox)'),
            v.minValue(1, 'project must be a project id or null (the Inbox)'),
            v.maxValue(LARGEST_ID, 'project must be a project id or null (the Inbox)'),
          ),
        ),
      ),
    },
    bodyMessages({ action: 'action is a required field', ids: 'ids is a required field' }),
  ),
  v.forward(
    v.check(
      (body) => LABEL_ACTIONS.includes(body.action) === (body.label !== undefined),
      'label is required by the label and unlabel actions, and taken by them only',
    ),
    ['label'],
  ),
  v.forward(
    v.check(
      (body) => (body.action === 'move') === (body.project !== undefined),
      'project is required by the move action, and taken by it only',
    ),
    ['project'],
  ),
);

export type BulkBody = v.InferOutput<typeof bulkBodySchema>;
