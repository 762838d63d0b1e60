/**
 * Typed API errors and the one mapper that turns anything thrown into the Strapi v4 error body.
 * 5xx answers never carry the cause: it goes to the log only.
 */
import type { ApiErrorBody, ApiErrorName, ValidationIssue } from '../../shared/api-types';
import { TOO_MANY_LABELS_MESSAGE } from '../../shared/label-relation';
import { MAX_DEPTH } from '../../shared/parent-relation';
import { RECURRENCE_NEEDS_DUE_DATE } from '../../shared/schemas';
import { isDatabaseUnavailable } from '../db/errors';
import { DomainError, type DomainRule } from '../domain-error';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: ApiErrorName,
    message: string,
    readonly details: ApiErrorBody['error']['details'] = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return {
      data: null,
      error: {
        status: this.status,
        name: this.errorName,
        message: this.message,
        details: this.details,
      },
    };
  }
}

export const validationError = (issues: ValidationIssue[]): ApiError => {
  const message =
    issues.length === 1
      ? (issues[0]?.message ?? 'Invalid input')
      : `${issues.length} errors occurred`;
  return new ApiError(400, 'ValidationError', message, { errors: issues });
};

/** A validation error about one field, for rules checked outside a schema. */
export const fieldError = (path: string[], message: string): ApiError =>
  validationError([{ path, message, name: 'ValidationError' }]);

export const malformedUrl = (): ApiError => fieldError([], 'The URL is malformed');

export const applicationError = (message: string): ApiError =>
  new ApiError(400, 'ApplicationError', message);

export const unauthorized = (): ApiError =>
  new ApiError(401, 'UnauthorizedError', 'Missing or invalid credentials');

export const forbidden = (message = 'Forbidden'): ApiError =>
  new ApiError(403, 'ForbiddenError', message);

const todoLimitReached = (): ApiError =>
  new ApiError(403, 'ApplicationError', 'Todo limit reached');

export const notFound = (message = 'Not Found'): ApiError =>
  new ApiError(404, 'NotFoundError', message);

export const rateLimited = (retryAfterSeconds: number): ApiError =>
  new ApiError(
    429,
    'RateLimitError',
    'Too many requests, please try again later.',
    {},
    {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    },
  );

export const serviceUnavailable = (): ApiError =>
  new ApiError(
    503,
    'ServiceUnavailableError',
    'The database is unavailable, please try again later.',
  );

const internalError = (): ApiError =>
  new ApiError(500, 'InternalServerError', 'Internal Server Error');

type FastifyLikeError = { code?: string; statusCode?: number; message: string };

const FRAMEWORK_ERRORS: Record<string, () => ApiError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () =>
    new ApiError(413, 'PayloadTooLargeError', 'Request body is larger than 64 KiB'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new ApiError(
      415,
      'UnsupportedMediaTypeError',
      'Request body must be JSON (content-type: application/json)',
    ),
  FST_ERR_CTP_INVALID_JSON_BODY: () => fieldError([], 'Request body is not valid JSON'),
  // Router errors (see frameworkErrors in app.ts): a path segment over maxParamLength names no
  // todo, and a path with broken %-encoding is a bad request; neither echoes the path back.
  FST_ERR_MAX_PARAM_LENGTH: () => notFound(),
  FST_ERR_BAD_URL: malformedUrl,
};

/** The answer to each domain rule a change broke, from the values the rule names. */
const DOMAIN_ERRORS: Record<DomainRule, (values: DomainError['values']) => ApiError> = {
  // A refused action is a 403 in Strapi.
  'todo-limit': todoLimitReached,
  'recurrence-needs-due-date': () => fieldError(['recurrence'], RECURRENCE_NEEDS_DUE_DATE),
  'not-found': () => notFound(),
  'project-limit': ({ max }) =>
    fieldError([], `Project limit reached: a user may keep at most ${max} projects`),
  'project-name-taken': ({ name }) =>
    fieldError(['name'], `A project named "${name}" already exists`),
  // Missing, trashed and another user's projects get one answer: it tells nothing of others.
  'project-not-found': ({ id }) => fieldError(['project'], `project ${id} does not exist`),
  // As for projects: another user's todo answers as a missing one.
  'parent-not-found': ({ id }) => fieldError(['parent'], `parent ${id} does not exist`),
  'parent-cycle': () =>
    fieldError(
      ['parent'],
      'A todo cannot be its own ancestor: the parent is this todo or one of its subtasks',
    ),
  'parent-too-deep': ({ id }) =>
    fieldError(
      ['parent'],
      `Subtasks go at most ${MAX_DEPTH} levels deep (a todo, its subtasks and theirs): under todo ${id}, this todo or one of its subtasks would be deeper`,
    ),
  'parent-project-conflict': ({ id }) =>
    fieldError(
      ['project'],
      `A subtask is in its parent’s project: project must be ${id === 'null' ? 'null (the Inbox)' : id} or left out`,
    ),
  'label-limit': ({ max }) =>
    fieldError([], `Label limit reached: a user may keep at most ${max} labels`),
  'label-name-taken': ({ name }) => fieldError(['name'], `A label named "${name}" already exists`),
  // Missing and another user's labels get one answer: it tells nothing of others.
  'label-not-found': ({ id }) => fieldError(['labels'], `label ${id} does not exist`),
  'too-many-labels': () => fieldError(['labels'], TOO_MANY_LABELS_MESSAGE),
};

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return DOMAIN_ERRORS[error.rule](error.values);
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  const framework = error as FastifyLikeError;
  const known = framework.code ? FRAMEWORK_ERRORS[framework.code] : undefined;
  if (known) return known();
  const status = framework.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Malformed JSON, prototype-poisoned bodies, bad content length and the like.
    if (status === 413) return FRAMEWORK_ERRORS.FST_ERR_CTP_BODY_TOO_LARGE!();
    if (status === 415) return FRAMEWORK_ERRORS.FST_ERR_CTP_INVALID_MEDIA_TYPE!();
    if (status === 404) return notFound();
    return fieldError([], status === 400 ? framework.message : 'Bad request');
  }
  return internalError();
}
