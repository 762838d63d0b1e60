/**
 * WebDAV's XML: request bodies are read with fast-xml-parser (validated first, no DOCTYPE, so no
 * entity expansion), then each element's prefix is resolved to its namespace from the xmlns
 * declarations in scope (the parser keeps prefixes as written). Answers are written with `element`,
 * which escapes text and declares an unknown namespace where it is used.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DavError } from './errors';

export const NS = {
  dav: 'DAV:',
  caldav: 'urn:ietf:params:xml:ns:caldav',
  cs: 'http://calendarserver.org/ns/',
  apple: 'http://apple.com/ns/ical/',
} as const;

/** The prefixes every answer declares on its root element. */
const PREFIXES: Record<string, string> = {
  [NS.dav]: 'd',
  [NS.caldav]: 'c',
  [NS.cs]: 'cs',
  [NS.apple]: 'ic',
};

export const ROOT_NAMESPACES = Object.entries(PREFIXES)
  .map(([uri, prefix]) => ` xmlns:${prefix}="${uri}"`)
  .join('');

export interface XmlNode {
  ns: string;
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** A property's or element's name: its namespace and local name. */
export interface QName {
  ns: string;
  name: string;
}

export const qkey = ({ ns, name }: QName): string => `{${ns}}${name}`;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: true,
  htmlEntities: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

function resolve(entry: Ordered, scope: Record<string, string>): XmlNode | undefined {
  const tag = Object.keys(entry).find((key) => key !== ':@');
  if (!tag || tag === '#text' || tag === '#comment') return undefined;
  const declared: Record<string, string> = { ...scope };
  const attrs: Record<string, string> = {};
  for (const [key, value] of Object.entries(entry[':@'] ?? {})) {
    if (key === 'xmlns') declared[''] = value;
    else if (key.startsWith('xmlns:')) declared[key.slice(6)] = value;
    else attrs[key.includes(':') ? key.slice(key.indexOf(':') + 1) : key] = value;
  }
  const colon = tag.indexOf(':');
  const prefix = colon < 0 ? '' : tag.slice(0, colon);
  const ns = declared[prefix];
  if (ns === undefined && prefix !== '')
    throw new DavError(400, `The XML prefix ${prefix} is not declared`);
  const content = (entry[tag] as Ordered[]) ?? [];
  const children = content.flatMap((child) => resolve(child, declared) ?? []);
  const text = content.map((child) => ('#text' in child ? String(child['#text']) : '')).join('');
  return { ns: ns ?? '', name: colon < 0 ? tag : tag.slice(colon + 1), attrs, children, text };
}

/** The document element of a request body; a 400 DavError when it is not well-formed XML. */
export function parseXml(body: string): XmlNode {
  if (/<!DOCTYPE/i.test(body)) throw new DavError(400, 'A DOCTYPE is not accepted');
  if (XMLValidator.validate(body) !== true) throw new DavError(400, 'The XML is not well-formed');
  let parsed: Ordered[];
  try {
    parsed = parser.parse(body) as Ordered[];
  } catch {
    throw new DavError(400, 'The XML is not well-formed');
  }
  const roots = parsed.flatMap((entry) => resolve(entry, {}) ?? []);
  if (roots.length !== 1) throw new DavError(400, 'The XML must have one document element');
  return roots[0]!;
}

export const child = (node: XmlNode | undefined, ns: string, name: string) =>
  node?.children.find((entry) => entry.ns === ns && entry.name === name);

export const childrenNamed = (node: XmlNode | undefined, ns: string, name: string) =>
  node?.children.filter((entry) => entry.ns === ns && entry.name === name) ?? [];

export const escapeXml = (text: string): string =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!,
  );

/** `<prefix:name>inner</prefix:name>`; `inner` is XML already (escape text with escapeXml). */
export function element({ ns, name }: QName, inner = ''): string {
  const prefix = PREFIXES[ns];
  const open = prefix ? `${prefix}:${name}` : `x:${name} xmlns:x="${escapeXml(ns)}"`;
  const close = prefix ? `${prefix}:${name}` : `x:${name}`;
  return inner === '' ? `<${open}/>` : `<${open}>${inner}</${close}>`;
}

export const dav = (name: string, inner = '') => element({ ns: NS.dav, name }, inner);
export const cal = (name: string, inner = '') => element({ ns: NS.caldav, name }, inner);

export const XML_HEADER = '<?xml version="1.0" encoding="utf-8"?>\n';
