/**
 * Strapi's bracket syntax parsed by qs within bounds: past MAX_QUERY_DEPTH levels qs keeps the rest
 * of a key as text, which names no field, so the list's parser answers 400.
 */
import qs from 'qs';

/** Deepest nesting a query may use: Strapi's deepest filters ($and/$or around a field's operator) fit in it. */
const MAX_QUERY_DEPTH = 8;

const QS_OPTIONS: qs.IParseOptions = {
  depth: MAX_QUERY_DEPTH,
  arrayLimit: 50,
  parameterLimit: 200,
  plainObjects: true,
  allowPrototypes: false,
};

export const parseQueryString = (text: string): Record<string, unknown> =>
  qs.parse(text, QS_OPTIONS);
