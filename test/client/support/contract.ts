/**
 * Checks the mock API's answers against the server's response schemas (the ones its serialiser and
 * OpenAPI document use), made strict: a field the server would not send fails too. Every client test
 * runs with this check, so the handlers cannot drift from the contract.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { MockAnswer, MockRoute } from '../../../src/client/mocks/handlers';
import {
  countSchema,
  errorSchema,
  sessionSchema,
  singleTodoSchema,
  todoListSchema,
  trashListSchema,
  userWithTodosSchema,
} from '../../../src/server/http/schemas';
import {
  projectListSchema,
  singleProjectSchema,
  todoCountsSchema,
} from '../../../src/server/http/project-schemas';
import { labelListSchema, singleLabelSchema } from '../../../src/server/http/label-schemas';

/** A copy of `schema` where every object with listed properties allows no others. */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, strict(value)]),
  );
  if ('properties' in copy && !('additionalProperties' in copy)) copy.additionalProperties = false;
  return copy;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const compile = (schema: object) => ajv.compile(strict(schema) as object);
const noBody = { type: 'null' };

const SUCCESS: Record<MockRoute, { status: number; validate: ValidateFunction }> = {
  register: { status: 200, validate: compile(sessionSchema) },
  login: { status: 200, validate: compile(sessionSchema) },
  logout: { status: 204, validate: compile(noBody) },
  me: { status: 200, validate: compile(userWithTodosSchema) },
  list: { status: 200, validate: compile(todoListSchema) },
  find: { status: 200, validate: compile(singleTodoSchema) },
  create: { status: 200, validate: compile(singleTodoSchema) },
  update: { status: 200, validate: compile(singleTodoSchema) },
  delete: { status: 200, validate: compile(singleTodoSchema) },
  trash: { status: 200, validate: compile(trashListSchema) },
  emptyTrash: { status: 204, validate: compile(noBody) },
  restore: { status: 200, validate: compile(singleTodoSchema) },
  restoreAll: { status: 200, validate: compile(countSchema) },
  bulk: { status: 200, validate: compile(countSchema) },
  projects: { status: 200, validate: compile(projectListSchema) },
  project: { status: 200, validate: compile(singleProjectSchema) },
  projectDelete: { status: 200, validate: compile(singleProjectSchema) },
  labels: { status: 200, validate: compile(labelListSchema) },
  label: { status: 200, validate: compile(singleLabelSchema) },
  counts: { status: 200, validate: compile(todoCountsSchema) },
  unknown: { status: 404, validate: compile(errorSchema) },
};
const validateError = compile(errorSchema);

/** What is wrong with this answer of the mock to `route`, or undefined when the contract allows it. */
export function contractViolation(route: MockRoute, { status, body }: MockAnswer) {
  const expected = status >= 400 ? { status, validate: validateError } : SUCCESS[route];
  if (status !== expected.status) return `${route}: status ${status}, not ${expected.status}`;
  if (status >= 400 && (body as { error?: { status?: number } }).error?.status !== status)
    return `${route}: error.status differs from the status ${status}`;
  if (expected.validate(body ?? null)) return undefined;
  return `${route} ${status}: ${ajv.errorsText(expected.validate.errors)}`;
}
