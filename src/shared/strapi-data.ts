/**
 * Strapi's content API wraps a write's fields in `{ data: … }`. `strapiData(schema)` checks that
 * envelope, then validates its content with `schema`, whose issues keep paths within `data`
 * (`['title']`, as Strapi names them).
 */
import * as v from 'valibot';
import { isRecord } from './qs-object';

const issueAt = (key: string, input: unknown): { path: [v.ObjectPathItem] } => ({
  path: [
    {
      type: 'object',
      origin: 'value',
      input: (input ?? {}) as Record<string, unknown>,
      key,
      value: undefined,
    },
  ],
});

/** The first thing wrong with the envelope, if any. */
function envelopeIssue(body: unknown): { key: string; message: string } | undefined {
  if (!isRecord(body) || !('data' in body))
    return { key: 'data', message: 'Missing "data" payload in the request body' };
  const extra = Object.keys(body).find((key) => key !== 'data');
  if (extra)
    return { key: extra, message: `${extra} is not an accepted field (put the todo in "data")` };
  if (!isRecord(body.data)) return { key: 'data', message: '"data" must be an object' };
  return undefined;
}

export const strapiData = <TSchema extends v.GenericSchema>(schema: TSchema) =>
  v.pipe(
    v.unknown(),
    // Read by the OpenAPI document, which shows the envelope around the schema.
    v.metadata({ strapiData: schema }),
    v.rawCheck(({ dataset, addIssue }) => {
      const issue = envelopeIssue(dataset.value);
      if (issue) addIssue({ message: issue.message, ...issueAt(issue.key, dataset.value) });
    }),
    v.transform((body) => (body as { data: unknown }).data),
    schema,
  );
