/** Runs a valibot schema on request input; failures become one 400 ValidationError listing each field. */
import * as v from 'valibot';
import type { ValidationIssue } from '../../shared/api-types';
import { validationError, type ApiError } from './errors';

const pathOf = (issue: v.BaseIssue<unknown>): string[] =>
  (issue.path ?? []).map((item) => String(item.key));

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

/** The schema's output, or the 400 ValidationError that names each field it refuses (one message a field). */
export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): { value: v.InferOutput<TSchema> } | { error: ApiError } {
  const result = v.safeParse(schema, input);
  if (result.success) {
    // PostgreSQL text cannot store NUL (the insert fails, a 500); refuse it on both databases alike.
    const path = nulPath(result.output);
    if (!path) return { value: result.output };
    const field = path.join('.') || 'value';
    return {
      error: validationError([
        { path, message: `${field} must not contain the NUL character`, name: 'ValidationError' },
      ]),
    };
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
  return { error: validationError(issues) };
}

/** validate(), throwing its 400: for input read inside a handler (an import file's rows). */
export function parseWith<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = validate(schema, input);
  if ('error' in result) throw result.error;
  return result.value;
}
