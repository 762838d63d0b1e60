/** Query strings in Strapi's bracket syntax, parsed by qs within bounds a hostile client cannot stretch. */
import qs from 'qs';

const QS_OPTIONS: qs.IParseOptions = {
  depth: 4,
  arrayLimit: 50,
  parameterLimit: 200,
  plainObjects: true,
  allowPrototypes: false,
  strictDepth: false,
};

export const parseQueryString = (text: string): Record<string, unknown> => qs.parse(text, QS_OPTIONS);
