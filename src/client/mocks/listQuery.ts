/**
 * The mock API's reading of a list query in Strapi's bracket syntax: qs parses it and the contract's
 * own schemas (src/shared/list-query.ts, list-pagination.ts) check and type it, as on the server, so
 * the mock cannot read a query otherwise; a query they refuse is a 400 with their first message.
 */
import qs from 'qs';
import * as v from 'valibot';
import type { TodoAttributes, TodoEntity } from '../../shared/api-types';
import type { LabelCondition } from '../../shared/label-relation';
import type { Pagination } from '../../shared/list-pagination';
import { todoTrashQuerySchema } from '../../shared/trash-query';
import { listQuerySchema, type DueDateCondition } from '../../shared/list-query';
import { meetsPriority } from '../../shared/priority';
import type { ParentCondition } from '../../shared/parent-relation';
import type { Populate } from '../../shared/populate-query';
import type { ProjectCondition } from '../../shared/project-relation';
import type { SortField } from '../../shared/list-request';
import { titleContains, titleKey } from '../../shared/title-key';

export interface MockListQuery {
  page: number;
  pageSize: number;
  /** Conditions on the todo's project (the caller applies them: attributes hold no project id). */
  project: ProjectCondition[];
  /** Conditions on the todo's parent, which the caller applies too. */
  parent: ParentCondition[];
  /** Conditions on the todo's labels (the caller applies them too). */
  labels: LabelCondition[];
  populate: Populate;
  keep: (attributes: TodoAttributes) => boolean;
  compare: (a: TodoEntity, b: TodoEntity) => number;
}

export class QueryError extends Error {
  constructor(
    message: string,
    readonly path: string[],
  ) {
    super(message);
  }
}

function parsed<TSchema extends v.GenericSchema>(schema: TSchema, params: URLSearchParams) {
  const result = v.safeParse(schema, qs.parse(params.toString()));
  if (result.success) return result.output as v.InferOutput<TSchema>;
  const [issue] = result.issues;
  throw new QueryError(
    issue.message,
    (issue.path ?? []).map((item) => String(item.key)),
  );
}

/** Page and size of either kind of pagination (the app asks by page). */
const pageOf_ = (pagination: Pagination) =>
  pagination.kind === 'page'
    ? { page: pagination.page, pageSize: pagination.pageSize }
    : { page: Math.floor(pagination.start / pagination.limit) + 1, pageSize: pagination.limit };

const DATE_TESTS: Record<string, (due: string, operand: string) => boolean> = {
  '=': (due, operand) => due === operand,
  '<': (due, operand) => due < operand,
  '<=': (due, operand) => due <= operand,
  '>': (due, operand) => due > operand,
  '>=': (due, operand) => due >= operand,
};
const meetsDate = (due: string | null | undefined, condition: DueDateCondition) =>
  condition.date === null
    ? (due == null) === (condition.op === 'is')
    : due != null && DATE_TESTS[condition.op]!(due, condition.date);

/** A sort value of one key, with undated todos last in both directions (the server's order). */
function sortValue(todo: TodoEntity, field: SortField): string | number | boolean {
  if (field === 'id') return todo.id;
  if (field === 'title') return titleKey(todo.attributes.title);
  return todo.attributes[field] ?? '';
}

export function readListQuery(params: URLSearchParams): MockListQuery {
  const query = parsed(listQuerySchema, params);
  const keys = query.sort.map(({ field, direction }) => ({
    field,
    sign: direction === 'desc' ? -1 : 1,
  }));
  return {
    ...pageOf_(query.pagination),
    project: query.project,
    parent: query.parent ?? [],
    labels: query.labels,
    populate: query.populate,
    keep: (todo) =>
      query.titleContains.every((needle) => titleContains(todo.title, needle)) &&
      (query.completed === undefined || todo.completed === query.completed) &&
      query.dueDate.every((condition) => meetsDate(todo.dueDate, condition)) &&
      query.priority.every((condition) => meetsPriority(todo.priority ?? 0, condition)),
    compare: (a, b) => {
      for (const { field, sign } of keys) {
        if (field === 'dueDate' && !a.attributes.dueDate !== !b.attributes.dueDate)
          return a.attributes.dueDate ? -1 : 1;
        const [x, y] = [sortValue(a, field), sortValue(b, field)];
        if (x !== y) return x < y ? -sign : sign;
      }
      return keys[0]!.sign * (a.id - b.id);
    },
  };
}

/** The trash's query: pagination and populate (project, labels), as the contract has it. */
export const readTrashQuery = (params: URLSearchParams) => {
  const { pagination, populate } = parsed(todoTrashQuerySchema, params);
  return { ...pageOf_(pagination), populate };
};

/** One page of `rows` with Strapi's page pagination; a page past the end is empty with the true total. */
export function pageOf<T>(rows: T[], page: number, pageSize: number) {
  return {
    data: rows.slice((page - 1) * pageSize, page * pageSize),
    meta: {
      pagination: {
        page,
        pageSize,
        pageCount: Math.ceil(rows.length / pageSize),
        total: rows.length,
      },
    },
  };
}
