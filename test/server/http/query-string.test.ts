/**
 * @jest-environment node
 *
 * Query strings parsed once per distinct text (http/query-string): the same text must always give
 * the same answer, no caller may change it for the next one, and the cache stays bounded.
 */
import { createQueryStringParser, LONGEST_KEPT_QUERY, PARSED_QUERIES_KEPT } from '../../../src/server/http/query-string';

const LIST = 'pagination[pageSize]=10&pagination[page]=2&sort=createdAt:asc&filters[title][$contains]=re';

describe('query string parser', () => {
  it('reads Strapi’s bracket syntax', () => {
    const parse = createQueryStringParser();
    expect(parse(LIST)).toEqual({
      pagination: { pageSize: '10', page: '2' },
      sort: 'createdAt:asc',
      filters: { title: { $contains: 're' } },
    });
    expect(parse('sort[0]=title:desc&sort[1]=id:asc')).toEqual({ sort: ['title:desc', 'id:asc'] });
  });

  it('gives the same frozen answer for the same text, which no caller can change', () => {
    const parse = createQueryStringParser();
    const first = parse(LIST) as { pagination: Record<string, unknown>; filters: { title: Record<string, unknown> } };
    expect(parse(LIST)).toBe(first);
    expect(() => {
      first.pagination.page = '9';
    }).toThrow(TypeError);
    expect(() => {
      first.filters.title.$contains = 'x';
    }).toThrow(TypeError);
    expect(parse(LIST)).toEqual(expect.objectContaining({ pagination: { pageSize: '10', page: '2' } }));
  });

  it('keeps at most PARSED_QUERIES_KEPT texts, dropping the oldest, and never keeps long ones', () => {
    const parse = createQueryStringParser();
    const oldest = parse('a=0');
    for (let i = 1; i <= PARSED_QUERIES_KEPT; i++) parse(`a=${i}`);
    const again = parse('a=0');
    expect(again).not.toBe(oldest);
    expect(again).toEqual({ a: '0' });
    expect(parse(`a=${PARSED_QUERIES_KEPT}`)).toBe(parse(`a=${PARSED_QUERIES_KEPT}`));

    const long = `b=${'x'.repeat(LONGEST_KEPT_QUERY)}`;
    expect(parse(long)).toEqual({ b: 'x'.repeat(LONGEST_KEPT_QUERY) });
    expect(parse(long)).not.toBe(parse(long));
  });

  it('still bounds what a hostile text can build', () => {
    const parse = createQueryStringParser();
    const deep = parse('a[b][c][d][e][f][g]=1') as Record<string, unknown>;
    expect(JSON.stringify(deep)).toBe('{"a":{"b":{"c":{"d":{"e":{"[f][g]":"1"}}}}}}');
    const many = parse(Array.from({ length: 300 }, (_, i) => `k${i}=1`).join('&'));
    expect(Object.keys(many)).toHaveLength(200);
    expect(Object.getPrototypeOf(parse('__proto__[x]=1'))).toBeNull();
  });
});
