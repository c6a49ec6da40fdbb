import type { UserRow } from '../../db/schema.js';
import type { Collection, Task } from './caldav.service.js';
import { DavError } from './dav-error.js';
import {
  child,
  type DavResponse,
  element,
  escapeText,
  NS,
  type PropName,
  type PropValue,
  type XmlElement,
} from './dav-xml.js';

/**
 * What each CalDAV resource answers to PROPFIND and REPORT: the root, the principal, the
 * calendar home, a task list and a task, each as the properties it has (missing ones are
 * answered 404), and their addresses.
 */

/** The largest task a client may store (CALDAV:max-resource-size), and the largest request body. */
export const MAX_RESOURCE_SIZE = 1024 * 1024;

export const ROOT = '/dav/';
export const principalHref = (user: UserRow) => `${ROOT}principals/${encodeURIComponent(user.id)}/`;
export const homeHref = (user: UserRow) => `${ROOT}calendars/${encodeURIComponent(user.id)}/`;
export const collectionHref = (user: UserRow, boxId: string) =>
  `${homeHref(user)}${encodeURIComponent(boxId)}/`;
export const taskHref = (user: UserRow, boxId: string, name: string) =>
  `${collectionHref(user, boxId)}${encodeURIComponent(name)}`;

export const TASK_CONTENT_TYPE = 'text/calendar; charset=utf-8; component=VTODO';

/** What a sync token looks like: a URI ending in the change it stands for (RFC 6578 §3.2). */
export const syncToken = (seq: number) => `http://nestbox.invalid/dav/sync/${seq}`;
export function changeOfToken(token: string): number | undefined {
  if (token === '') return undefined;
  const seq = /\/sync\/(\d{1,15})$/.exec(token)?.[1];
  if (seq === undefined)
    throw new DavError(403, 'caldav.syncToken.invalid', { ns: NS.dav, name: 'valid-sync-token' });
  return Number(seq);
}

export const key = ({ ns, name }: PropName) => `${ns} ${name}`;
export const prop = (ns: string, name: string): PropName => ({ ns, name });
export const xml = (value: string): PropValue => ({ xml: value });
export const text = (value: string): PropValue => ({ text: value });
export const hrefXml = (href: string) => xml(element(prop(NS.dav, 'href'), escapeText(href)));

/** What a resource answers for each property it has; missing ones are answered 404. */
export type Properties = Map<string, [PropName, () => PropValue]>;

export function properties(entries: [PropName, () => PropValue][]): Properties {
  return new Map(entries.map(([name, value]) => [key(name), [name, value]]));
}

/** What a PROPFIND or REPORT asks for: some properties by name, or all of them. */
export type Wanted = PropName[] | 'all';

export function wantedIn(body: XmlElement | undefined): Wanted {
  const asked = child(body, NS.dav, 'prop');
  return asked ? asked.children.map(({ ns, name }) => ({ ns, name })) : 'all';
}

export function answer(href: string, props: Properties, wanted: Wanted): DavResponse {
  if (wanted === 'all')
    return {
      href,
      found: [...props.values()].map(([name, value]) => [name, value()] as [PropName, PropValue]),
    };
  const found: [PropName, PropValue][] = [];
  const missing: PropName[] = [];
  for (const name of wanted) {
    const known = props.get(key(name));
    if (known) found.push([known[0], known[1]()]);
    else missing.push(name);
  }
  return { href, found, missing };
}

// The root and the principal: who the caller is, and where their task lists are.
export const principalProperties = (user: UserRow) =>
  properties([
    [
      prop(NS.dav, 'resourcetype'),
      () => xml(element(prop(NS.dav, 'collection')) + element(prop(NS.dav, 'principal'))),
    ],
    [prop(NS.dav, 'displayname'), () => text(user.name || user.email)],
    [prop(NS.dav, 'current-user-principal'), () => hrefXml(principalHref(user))],
    [prop(NS.dav, 'principal-URL'), () => hrefXml(principalHref(user))],
    [prop(NS.caldav, 'calendar-home-set'), () => hrefXml(homeHref(user))],
    [prop(NS.caldav, 'calendar-user-address-set'), () => hrefXml(`mailto:${user.email}`)],
  ]);

// The calendar home: one task list per box the caller sees.
export const privileges = (writable: boolean) =>
  xml(
    [
      'read',
      'read-current-user-privilege-set',
      ...(writable ? ['write', 'write-content', 'bind', 'unbind'] : []),
    ]
      .map((name) => element(prop(NS.dav, 'privilege'), element(prop(NS.dav, name))))
      .join(''),
  );

export const collectionProperties = (user: UserRow, list: Collection) =>
  properties([
    [
      prop(NS.dav, 'resourcetype'),
      () => xml(element(prop(NS.dav, 'collection')) + element(prop(NS.caldav, 'calendar'))),
    ],
    [prop(NS.dav, 'displayname'), () => text(list.displayName)],
    [prop(NS.dav, 'owner'), () => hrefXml(principalHref(user))],
    [prop(NS.dav, 'current-user-principal'), () => hrefXml(principalHref(user))],
    [prop(NS.dav, 'current-user-privilege-set'), () => privileges(list.writable)],
    [prop(NS.caldav, 'supported-calendar-component-set'), () => xml('<c:comp name="VTODO"/>')],
    [
      prop(NS.caldav, 'supported-calendar-data'),
      () => xml('<c:calendar-data content-type="text/calendar" version="2.0"/>'),
    ],
    [prop(NS.caldav, 'max-resource-size'), () => text(String(MAX_RESOURCE_SIZE))],
    [
      prop(NS.dav, 'supported-report-set'),
      () =>
        xml(
          [
            prop(NS.dav, 'sync-collection'),
            prop(NS.caldav, 'calendar-query'),
            prop(NS.caldav, 'calendar-multiget'),
          ]
            .map((report) =>
              element(prop(NS.dav, 'supported-report'), element(prop(NS.dav, 'report'), element(report))),
            )
            .join(''),
        ),
    ],
    [prop(NS.cs, 'getctag'), () => text(`"${list.seq}"`)],
    [prop(NS.dav, 'sync-token'), () => text(syncToken(list.seq))],
  ]);

export const taskProperties = (task: Task) =>
  properties([
    [prop(NS.dav, 'resourcetype'), () => xml('')],
    [prop(NS.dav, 'getetag'), () => text(task.etag)],
    [prop(NS.dav, 'getcontenttype'), () => text(TASK_CONTENT_TYPE)],
    ...(task.data === undefined
      ? []
      : ([[prop(NS.caldav, 'calendar-data'), () => text(task.data ?? '')]] as [PropName, () => PropValue][])),
  ]);
