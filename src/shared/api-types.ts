/** Wire types of the Ticklist API (Strapi v4 dialect), shared by the SPA and the server. */

export interface User {
  id: number;
  username: string;
  email: string;
  provider: 'local';
  confirmed: boolean;
  blocked: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What the login and register calls answer, and what the SPA stores as its session. */
export interface Session {
  jwt: string;
  user: User;
}

export interface TodoAttributes {
  title: string;
  description: string | null;
  completed: boolean;
  createdAt: string;
  updatedAt: string;
  // Dates and series: Ticklist's server always sends them; a Strapi backend has none.
  /** 'YYYY-MM-DD', or null: undated. */
  dueDate?: string | null;
  /** ISO instant in UTC with milliseconds, or null. */
  remindAt?: string | null;
  /** An RRULE of the subset in src/shared/recurrence.ts, or null. */
  recurrence?: string | null;
  /** Shared by every occurrence of a recurring series; set by the server. */
  seriesId?: string | null;
  /**
   * 0 none, 1 low, 2 medium, 3 high (src/shared/priority.ts). Ticklist's server always sends it;
   * a Strapi backend set up before priorities existed has none.
   */
  priority?: 0 | 1 | 2 | 3;
  /**
   * The todo's place among its siblings in the owner's order (ascending); a new todo's id unless
   * given. Ticklist's server always sends it; a Strapi backend set up before positions had none.
   */
  position?: number;
  /** Present when asked for with `populate` (populate=*, populate[0]=project, …). */
  project?: ProjectRelation;
  /** Present when asked for with `populate` (populate=*, populate[0]=labels, …). */
  labels?: LabelsRelation;
  /** The parent todo, when populated: `{ data: null }` for a root (src/shared/todo-populate.ts). */
  parent?: { data: { id: number; attributes: Partial<TodoAttributes> } | null };
  /** The direct subtasks, by position then id, when populated (`completed` among them gives "2/5"). */
  subtasks?: { data: { id: number; attributes: Partial<TodoAttributes> }[] };
}

/** A user's project: a named, coloured list of todos; todos without one are the Inbox. */
export interface ProjectAttributes {
  name: string;
  /** '#rrggbb', lower-case. */
  color: string;
  /** The owner's order, ascending. */
  position: number;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectEntity {
  id: number;
  attributes: ProjectAttributes;
}

/** A todo's project as `populate` gives it, Strapi's relation shape: `{ data: null }` in the Inbox. */
export interface ProjectRelation {
  data: { id: number; attributes: Partial<ProjectAttributes> } | null;
}

/** A user's label: a coloured tag, many per todo, its name unique per user whatever its case. */
export interface LabelAttributes {
  name: string;
  /** '#rrggbb', lower-case. */
  color: string;
  createdAt: string;
  updatedAt: string;
}

export interface LabelEntity {
  id: number;
  attributes: LabelAttributes;
}

/** A todo's labels as `populate` gives them, Strapi's relation shape, in name order. */
export interface LabelsRelation {
  data: { id: number; attributes: Partial<LabelAttributes> }[];
}

export interface TodoEntity {
  id: number;
  attributes: TodoAttributes;
}

/** A todo as `GET /users/me?populate=todos` lists it: flat, not wrapped in attributes. */
export interface FlatTodo extends TodoAttributes {
  id: number;
}

export interface PagePagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

export interface OffsetPagination {
  start: number;
  limit: number;
  total: number;
}

export interface ListResponse {
  data: TodoEntity[];
  meta: { pagination: PagePagination | OffsetPagination };
}

export interface SingleResponse {
  data: TodoEntity;
  /** series: set when a completion or delete ended the todo's series (no date left up to the last due date). */
  meta: { series?: { ended: true; message: string } };
}

export interface ValidationIssue {
  path: string[];
  message: string;
  name: 'ValidationError';
}

export type ApiErrorName =
  | 'ValidationError'
  | 'ApplicationError'
  | 'UnauthorizedError'
  | 'ForbiddenError'
  | 'NotFoundError'
  | 'MethodNotAllowedError'
  | 'GoneError'
  | 'PayloadTooLargeError'
  | 'UnsupportedMediaTypeError'
  | 'RateLimitError'
  | 'InternalServerError'
  | 'ServiceUnavailableError';

export interface ApiErrorBody {
  data: null;
  error: {
    status: number;
    name: ApiErrorName;
    message: string;
    details: { errors?: ValidationIssue[] } & Record<string, unknown>;
  };
}
