import { decodeXML, escapeUTF8 as escapeXML } from 'entities';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DavError } from './dav-error.js';

/** The XML namespaces CalDAV speaks, and the prefixes answers use for them. */
export const NS = {
  dav: 'DAV:',
  caldav: 'urn:ietf:params:xml:ns:caldav',
  cs: 'http://calendarserver.org/ns/',
  ical: 'http://apple.com/ns/ical/',
} as const;

const PREFIXES: Record<string, string> = {
  [NS.dav]: 'd',
  [NS.caldav]: 'c',
  [NS.cs]: 'cs',
  [NS.ical]: 'ical',
};

/** An element of a request body, its name resolved to its namespace. */
export interface XmlElement {
  ns: string;
  name: string;
  children: XmlElement[];
  attributes: Record<string, string>;
  /** The text directly inside it, entities decoded. */
  text: string;
}

/** Deep enough for any CalDAV request (a calendar-query's filters nest about eight levels). */
const MAX_DEPTH = 32;

/**
 * XML read safely, as the import reads OPML: no DTD (refused before parsing, so no entity of
 * the body's own can exist), the parser's own entity expansion off (only XML's five and
 * character references are read), and nesting bounded.
 */
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_DEPTH,
});

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

/** Reads a WebDAV request body; 400 when it is not well-formed XML or declares a DTD. */
export function parseDavXml(body: string): XmlElement {
  if (/<!DOCTYPE/i.test(body)) throw new DavError(400, 'caldav.xml.invalid');
  if (XMLValidator.validate(body) !== true) throw new DavError(400, 'caldav.xml.invalid');
  let nodes: Ordered[];
  try {
    nodes = parser.parse(body) as Ordered[];
  } catch {
    throw new DavError(400, 'caldav.xml.invalid');
  }
  const [root] = elementsOf(nodes, new Map());
  if (!root) throw new DavError(400, 'caldav.xml.invalid');
  return root;
}

function elementsOf(nodes: Ordered[], scope: ReadonlyMap<string, string>): XmlElement[] {
  const elements: XmlElement[] = [];
  for (const node of nodes) {
    const tag = Object.keys(node).find((key) => key !== ':@');
    if (tag === undefined || tag === '#text') continue;
    const attributes = node[':@'] ?? {};
    const inner = new Map(scope);
    for (const [key, value] of Object.entries(attributes)) {
      if (key === 'xmlns') inner.set('', value);
      else if (key.startsWith('xmlns:')) inner.set(key.slice(6), value);
    }
    const [prefix, local] = tag.includes(':') ? tag.split(':', 2) : ['', tag];
    const children = (node[tag] as Ordered[]) ?? [];
    const text = children
      .map((child) => (typeof child['#text'] === 'string' ? decodeXML(child['#text']) : ''))
      .join('');
    elements.push({
      ns: inner.get(prefix ?? '') ?? '',
      name: local ?? tag,
      children: elementsOf(children, inner),
      attributes: Object.fromEntries(
        Object.entries(attributes)
          .filter(([key]) => key !== 'xmlns' && !key.startsWith('xmlns:'))
          .map(([key, value]) => [key.includes(':') ? (key.split(':')[1] ?? key) : key, decodeXML(value)]),
      ),
      text,
    });
  }
  return elements;
}

/** The first child with this namespace and name. */
export const child = (element: XmlElement | undefined, ns: string, name: string) =>
  element?.children.find((c) => c.ns === ns && c.name === name);

/** Every child with this namespace and name. */
export const childrenNamed = (element: XmlElement | undefined, ns: string, name: string) =>
  element?.children.filter((c) => c.ns === ns && c.name === name) ?? [];

/** A property's name: its namespace and local name. */
export interface PropName {
  ns: string;
  name: string;
}

export const escapeText = (text: string) => escapeXML(text);

/** An element's opening tag name, with a namespace declaration when the namespace has no prefix of ours. */
function qualified({ ns, name }: PropName): { open: string; close: string } {
  const prefix = PREFIXES[ns];
  if (prefix) return { open: `${prefix}:${name}`, close: `${prefix}:${name}` };
  return { open: `x:${name} xmlns:x="${escapeXML(ns)}"`, close: `x:${name}` };
}

/** An element holding `inner` (XML already written), or empty. */
export function element(prop: PropName, inner = ''): string {
  const { open, close } = qualified(prop);
  return inner === '' ? `<${open}/>` : `<${open}>${inner}</${close}>`;
}

/** A property's value: XML already written, or plain text to escape. */
export type PropValue = { xml: string } | { text: string };

/** One `<d:response>` of a multistatus: its href with found and missing properties, or a status alone. */
export type DavResponse =
  | { href: string; found: [PropName, PropValue][]; missing?: PropName[]; forbidden?: PropName[] }
  | { href: string; status: number };

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 403: 'Forbidden', 404: 'Not Found' };
const statusLine = (status: number) => `<d:status>HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? ''}</d:status>`;

function responseXml(response: DavResponse): string {
  const href = `<d:href>${escapeXML(response.href)}</d:href>`;
  if ('status' in response) return `<d:response>${href}${statusLine(response.status)}</d:response>`;
  const found = response.found
    .map(([name, value]) => element(name, 'xml' in value ? value.xml : escapeXML(value.text)))
    .join('');
  const propstat = (names: readonly PropName[] | undefined, status: number) =>
    names && names.length > 0
      ? `<d:propstat><d:prop>${names.map((name) => element(name)).join('')}</d:prop>${statusLine(status)}</d:propstat>`
      : '';
  return `<d:response>${href}${
    found ? `<d:propstat><d:prop>${found}</d:prop>${statusLine(200)}</d:propstat>` : ''
  }${propstat(response.missing, 404)}${propstat(response.forbidden, 403)}</d:response>`;
}

const NAMESPACES = Object.entries(PREFIXES)
  .map(([ns, prefix]) => `xmlns:${prefix}="${ns}"`)
  .join(' ');

/** The responses of a multistatus, as XML. */
export const responsesXml = (responses: readonly DavResponse[]) => responses.map(responseXml).join('');

/** A 207 Multi-Status body's start; its responses follow, then `multistatusEnd`. */
export const MULTISTATUS_START = `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus ${NAMESPACES}>`;

/** A 207 Multi-Status body's end; `syncToken` ends a sync-collection report. */
export const multistatusEnd = (syncToken?: string) =>
  `${syncToken ? `<d:sync-token>${escapeXML(syncToken)}</d:sync-token>` : ''}</d:multistatus>`;

/** An error body: the precondition that failed, and a message a person can read. */
export function errorBody(precondition: PropName | undefined, message: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:error ${NAMESPACES}>${
    precondition ? element(precondition) : ''
  }<d:responsedescription>${escapeXML(message)}</d:responsedescription></d:error>`;
}
