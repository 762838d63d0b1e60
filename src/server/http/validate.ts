/** Runs a valibot schema on request input; failures become one 400 ValidationError listing each field. */
import * as v from 'valibot';
import type { ValidationIssue } from '../../shared/api-types';
import { validationError } from './errors';

const pathOf = (issue: v.BaseIssue<unknown>): string[] =>
  (issue.path ?? []).map((item) => String(item.key));

/** The path of the first string holding a NUL character, if any. */
function nulPath(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulPath(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

export function parseWith<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (result.success) {
    // PostgreSQL text cannot store NUL (the insert fails, a 500); refuse it on both databases alike.
    const path = nulPath(result.output);
    if (path) {
      const field = path.join('.') || 'value';
      throw validationError([{ path, message: `${field} must not contain the NUL character`, name: 'ValidationError' }]);
    }
    return result.output;
  }
  // One message a field: the first rule it breaks, as the forms show it.
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const issue of result.issues) {
    const path = pathOf(issue);
    const key = path.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ path, message: issue.message, name: 'ValidationError' });
  }
  throw validationError(issues);
}
