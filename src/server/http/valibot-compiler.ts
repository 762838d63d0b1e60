/**
 * Fastify validates each request at entry with the valibot schemas its route declares (params,
 * querystring, body, headers), so handlers receive typed, checked input. A refused body or query is
 * the API's 400 ValidationError; path params that fail name nothing, a 404.
 */
import type { FastifyInstance, FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import type * as v from 'valibot';
import { notFound } from './errors';
import { validate } from './validate';

export const isValibotSchema = (schema: unknown): schema is v.GenericSchema =>
  typeof schema === 'object' &&
  schema !== null &&
  (schema as { kind?: unknown }).kind === 'schema' &&
  '~run' in schema;

/** Types each handler's request.params, .query and .body from its route's valibot schemas. */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends v.GenericSchema
    ? v.InferOutput<this['schema']>
    : unknown;
  readonly serializer: unknown;
}

const compileValibot: FastifySchemaCompiler<unknown> = ({ schema, httpPart, method, url }) => {
  if (!isValibotSchema(schema))
    throw new Error(`${method} ${url}: the ${httpPart} schema must be a valibot schema`);
  return (input: unknown) => {
    const result = validate(schema, input);
    if ('error' in result) return { error: httpPart === 'params' ? notFound() : result.error };
    // Headers are only checked: the request keeps all of them (authorization included).
    return httpPart === 'headers' ? true : { value: result.value };
  };
};

export function validateWithValibot(app: FastifyInstance): void {
  app.setValidatorCompiler(compileValibot);
}
