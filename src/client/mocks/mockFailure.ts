/** The mock API's errors, in the contract's one Strapi v4 shape, and its body validation with the shared schemas. */
import * as v from 'valibot';
import type { ApiErrorBody, ApiErrorName, ValidationIssue } from '../../shared/api-types';

export class MockFailure extends Error {
  constructor(
    readonly status: number,
    readonly errorName: ApiErrorName,
    message: string,
    readonly issues: ValidationIssue[] = [],
  ) {
    super(message);
  }

  get body(): ApiErrorBody {
    return {
      data: null,
      error: {
        status: this.status,
        name: this.errorName,
        message: this.message,
        details: this.issues.length ? { errors: this.issues } : {},
      },
    };
  }
}

export const notFound = () => new MockFailure(404, 'NotFoundError', 'Not Found');

/** Parses `input` with a shared request schema, as the server does; a failure is its 400. */
export function parseBody<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  at: string[] = [],
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issues: ValidationIssue[] = result.issues.map((issue) => ({
    path: [...at, ...(issue.path ?? []).map((item) => String(item.key))],
    message: issue.message,
    name: 'ValidationError',
  }));
  throw new MockFailure(400, 'ValidationError', issues[0]!.message, issues);
}
