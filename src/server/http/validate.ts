/** Runs a valibot schema on request input; failures become one 400 ValidationError listing each field. */
import * as v from 'valibot';
import type { ValidationIssue } from '../../shared/api-types';
import { validationError } from './errors';

const pathOf = (issue: v.BaseIssue<unknown>): string[] =>
  (issue.path ?? []).map((item) => String(item.key));

export function parseWith<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
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
