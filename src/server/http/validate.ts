/** Runs a valibot schema on request input; failures become one 400 ValidationError listing each field. */
import * as v from 'valibot';
import type { ValidationIssue } from '../../shared/api-types';
import { validationError } from './errors';

const pathOf = (issue: v.BaseIssue<unknown>): string[] =>
  (issue.path ?? []).map((item) => String(item.key));

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deepest nesting of objects and arrays a JSON body may have. */
export const MAX_BODY_DEPTH = 32;

/** Whether a JSON text nests deeper than `max`, read in one pass before it is parsed (brackets in strings do not count). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
  return false;
}

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

export function parseWith<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (result.success) {
    // PostgreSQL text cannot store NUL (the insert fails, a 500); refuse it on both databases alike.
    const path = nulPath(result.output);
    if (path) {
      const field = path.join('.') || 'value';
      throw validationError([
        { path, message: `${field} must not contain the NUL character`, name: 'ValidationError' },
      ]);
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
