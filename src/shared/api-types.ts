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
  /** Due day, "YYYY-MM-DD"; absent on a Strapi backend. */
  dueDate?: string | null;
  /** When to remind, an ISO 8601 instant in UTC. */
  remindAt?: string | null;
  /** An RRULE subset, e.g. "FREQ=WEEKLY;BYDAY=MO,WE"; only with a due date. */
  recurrence?: string | null;
  /** Shared by every occurrence of a recurring todo; set by the server. */
  seriesId?: string | null;
}

export interface TodoEntity {
  id: number;
  attributes: TodoAttributes;
}

/** A todo as `GET /users/me?populate=todos` lists it: flat, not wrapped in attributes. */
export interface FlatTodo extends TodoAttributes {
  id: number;
}

export interface UserWithTodos extends User {
  todos: FlatTodo[];
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
  meta: Record<string, never>;
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

export type SortField = 'createdAt' | 'updatedAt' | 'title' | 'completed' | 'id';
export type SortDirection = 'asc' | 'desc';
