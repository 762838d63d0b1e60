/**
 * The query of the todo trash (GET /todos/trash): pagination, and populate of each todo's project
 * and labels. Its order is fixed (most recently trashed first), so a sort or a filter is refused
 * rather than ignored; other keys are ignored, as in the list's query. Apart from
 * list-pagination.ts, which the SPA's first load reads, so that it pulls in no populate schema.
 */
import * as v from 'valibot';
import { listPaginationEntry, refusedByTrash } from './list-pagination';
import { trashPopulateEntry } from './populate-query';

export const todoTrashQuerySchema = v.object({
  pagination: listPaginationEntry,
  populate: trashPopulateEntry,
  sort: refusedByTrash('sort'),
  filters: refusedByTrash('filters'),
});
