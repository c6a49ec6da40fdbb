import { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { DavError } from './dav-error.js';
import { homeHref } from './dav-properties.js';
import {
  type DavResponse,
  MULTISTATUS_START,
  multistatusEnd,
  NS,
  parseDavXml,
  responsesXml,
  type XmlElement,
} from './dav-xml.js';

/**
 * What every CalDAV handler reads from a request and how it answers: Depth, the XML body, the
 * caller's own paths, a MOVE's destination, a multiget's hrefs, and the streamed multistatus
 * and errors.
 */
/** A task's name from an href in this list, or undefined when it points elsewhere. */
export function nameIn(href: string, prefix: string): string | undefined {
  let path = href;
  try {
    path = new URL(href, 'http://host').pathname;
  } catch {
    return undefined;
  }
  if (!path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length);
  if (rest === '' || rest.includes('/')) return undefined;
  try {
    return decodeURIComponent(rest);
  } catch {
    return undefined;
  }
}

/** Where a MOVE goes: a list and a name under the caller's own calendar home. */
export function destinationOf(request: FastifyRequest, user: UserRow): { boxId: string; name: string } {
  const header = headerOf(request.headers.destination);
  const refused = () => new DavError(403, 'caldav.move.destination');
  if (!header) throw refused();
  let path: string;
  try {
    path = new URL(header, 'http://host').pathname;
  } catch {
    throw refused();
  }
  const home = homeHref(user);
  if (!path.startsWith(home)) throw refused();
  const [boxId, name, ...more] = path.slice(home.length).split('/');
  if (!boxId || !name || more.length > 0) throw refused();
  try {
    return { boxId: decodeURIComponent(boxId), name: decodeURIComponent(name) };
  } catch {
    throw refused();
  }
}

export const headerOf = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(',') : value;

export const notAllowed = () => new DavError(405, 'caldav.method.notAllowed');

/** Paths name the caller: another person's answer as what is not there. */
export function ownPath(request: FastifyRequest, user: UserRow) {
  const { userId } = request.params as { userId: string };
  if (userId !== user.id) throw new DavError(404, 'caldav.notFound');
}

/** A PROPFIND's Depth: 0 or 1 (none counts as 1); infinity is refused (RFC 4918 §9.1). */
export function depthOf(request: FastifyRequest): 0 | 1 {
  const depth = headerOf(request.headers.depth)?.trim().toLowerCase();
  if (depth === '0') return 0;
  if (depth === undefined || depth === '1') return 1;
  throw new DavError(403, 'caldav.depth.infinite', { ns: NS.dav, name: 'propfind-finite-depth' });
}

/** The request's XML body, or undefined when it has none. */
export function requestXml(request: FastifyRequest): XmlElement | undefined {
  const body = typeof request.body === 'string' ? request.body.trim() : '';
  return body === '' ? undefined : parseDavXml(body);
}

/** A response that is already made. */
export const itself = (response: DavResponse) => response;

/** Responses written per turn of the event loop: a long answer is sent as it is written. */
const RESPONSES_PER_TURN = 100;

/**
 * A 207 Multi-Status, streamed a group of responses at a time: each response is made as its
 * group is written, so no answer, however long, holds the event loop.
 */
export function sendMultistatus<T>(
  reply: FastifyReply,
  items: readonly T[],
  toResponse: (item: T) => DavResponse,
  token?: string,
) {
  async function* body() {
    yield MULTISTATUS_START;
    for (let start = 0; start < items.length; start += RESPONSES_PER_TURN) {
      if (start > 0) await yieldToEventLoop();
      yield responsesXml(items.slice(start, start + RESPONSES_PER_TURN).map(toResponse));
    }
    yield multistatusEnd(token);
  }
  return reply.code(207).type('application/xml; charset=utf-8').send(Readable.from(body()));
}

/** Any failure a caller can cause, as a DAV error; undefined for a fault of ours. */
export function asDavError(error: unknown): DavError | undefined {
  if (error instanceof DavError) return error;
  if (error instanceof AppError)
    return new DavError(error.statusCode, error.code, undefined, { ...error.headers });
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === 413)
    return new DavError(413, 'caldav.tooLarge', { ns: NS.caldav, name: 'max-resource-size' });
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new DavError(status, 'caldav.calendarData.unsupported');
  return undefined;
}
