import { isMessageKey } from '@nestbox/shared/i18n/messages.en-gb';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.js';
import { translate } from '../../i18n/translate.js';
import type { CaldavService, Task } from './caldav.service.js';
import type { CaldavAuthenticate } from './caldav-auth.js';
import { DavError } from './dav-error.js';
import {
  answer,
  changeOfToken,
  collectionHref,
  collectionProperties,
  homeHref,
  hrefXml,
  key,
  MAX_RESOURCE_SIZE,
  principalHref,
  principalProperties,
  privileges,
  prop,
  properties,
  ROOT,
  syncToken,
  TASK_CONTENT_TYPE,
  taskHref,
  taskProperties,
  text,
  wantedIn,
  xml,
} from './dav-properties.js';
import {
  asDavError,
  depthOf,
  destinationOf,
  headerOf,
  itself,
  nameIn,
  notAllowed,
  ownPath,
  requestXml,
  sendMultistatus,
} from './dav-requests.js';
import { child, childrenNamed, element, errorBody, NS } from './dav-xml.js';
import { type CalendarFilter, filterOf, matches } from './query-filter.js';

/**
 * CalDAV (RFC 4791) over WebDAV (RFC 4918), with sync-collection (RFC 6578) and discovery
 * (RFC 6764): `/.well-known/caldav` leads to `/dav/`, whose principal's calendar home lists
 * every box the person sees as a task list. Callers sign in with HTTP Basic: their e-mail and
 * an API token as the password (`caldav-auth.ts`). Each request's body is read as text, at most
 * 1 MB, and XML bodies as `dav-xml.ts` reads them; refusals are `DAV:error` bodies naming the
 * precondition that failed, with a message in the caller's language.
 */
const DAV_METHODS = ['PROPFIND', 'PROPPATCH', 'REPORT', 'MKCALENDAR'] as const;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PROPFIND', 'REPORT']);

export async function caldavRoutes(
  app: FastifyInstance,
  { caldav, authenticate }: { caldav: CaldavService; authenticate: CaldavAuthenticate },
) {
  for (const method of DAV_METHODS) app.addHttpMethod(method, { hasBody: true });
  for (const method of ['MOVE', 'COPY']) app.addHttpMethod(method);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_RESOURCE_SIZE }, (_request, body, done) =>
    done(null, body),
  );

  app.setErrorHandler((error: unknown, request, reply) => {
    const dav = asDavError(error);
    if (!dav) {
      request.log.error({ err: error }, 'a CalDAV request failed');
      return reply
        .code(500)
        .type('application/xml; charset=utf-8')
        .send(errorBody(undefined, 'Internal error'));
    }
    const locale = request.locale;
    const params = Object.fromEntries(
      Object.entries(dav.params).map(([name, value]) => [
        name,
        typeof value === 'string' && isMessageKey(value) ? translate(locale, value, dav.params) : value,
      ]),
    );
    reply.code(dav.status).headers(dav.headers);
    return reply
      .type('application/xml; charset=utf-8')
      .send(errorBody(dav.condition, translate(locale, dav.messageKey, params)));
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('dav', '1, 3, calendar-access');
    if (request.method === 'OPTIONS' || request.url.startsWith('/.well-known/')) return;
    await authenticate(request, READ_METHODS.has(request.method));
  });

  const all = [...DAV_METHODS, 'GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'MOVE', 'COPY'];
  const route = (
    urls: string[],
    handler: (request: FastifyRequest, reply: FastifyReply, user: UserRow) => Promise<unknown>,
    methods: string[] = all,
  ) => {
    for (const url of urls)
      app.route({
        method: methods,
        url,
        handler: async (request, reply) => {
          if (request.method === 'OPTIONS') return reply.header('allow', all.join(', ')).code(200).send('');
          return handler(request, reply, request.sessionUser as UserRow);
        },
      });
  };

  /** Clients are told where DAV lives, by any method (RFC 6764 §5). */
  app.route({
    method: all,
    url: '/.well-known/caldav',
    handler: async (_request, reply) => reply.redirect(ROOT, 301),
  });

  const root = async (request: FastifyRequest, reply: FastifyReply, user: UserRow) => {
    if (request.method !== 'PROPFIND') throw notAllowed();
    const wanted = wantedIn(requestXml(request));
    depthOf(request);
    const props = properties([
      [prop(NS.dav, 'resourcetype'), () => xml(element(prop(NS.dav, 'collection')))],
      [prop(NS.dav, 'current-user-principal'), () => hrefXml(principalHref(user))],
      [prop(NS.dav, 'principal-URL'), () => hrefXml(principalHref(user))],
      [prop(NS.caldav, 'calendar-home-set'), () => hrefXml(homeHref(user))],
    ]);
    return sendMultistatus(reply, [answer(ROOT, props, wanted)], itself);
  };
  route(['/dav', ROOT], root);
  // The server's root too (its GET is the web app's): apps given only its address ask there first.
  route(['/'], root, ['PROPFIND']);

  route(['/dav/principals/:userId', '/dav/principals/:userId/'], async (request, reply, user) => {
    ownPath(request, user);
    if (request.method !== 'PROPFIND') throw notAllowed();
    const wanted = wantedIn(requestXml(request));
    depthOf(request);
    return sendMultistatus(reply, [answer(principalHref(user), principalProperties(user), wanted)], itself);
  });

  route(['/dav/calendars/:userId', '/dav/calendars/:userId/'], async (request, reply, user) => {
    ownPath(request, user);
    if (request.method !== 'PROPFIND') throw notAllowed();
    const wanted = wantedIn(requestXml(request));
    const depth = depthOf(request);
    const home = properties([
      [prop(NS.dav, 'resourcetype'), () => xml(element(prop(NS.dav, 'collection')))],
      [prop(NS.dav, 'displayname'), () => text('Nestbox')],
      [prop(NS.dav, 'owner'), () => hrefXml(principalHref(user))],
      [prop(NS.dav, 'current-user-principal'), () => hrefXml(principalHref(user))],
      [prop(NS.dav, 'current-user-privilege-set'), () => privileges(false)],
    ]);
    const lists = depth === 1 ? await caldav.collections(user) : [];
    return sendMultistatus(reply, [undefined, ...lists], (list) =>
      list
        ? answer(collectionHref(user, list.id), collectionProperties(user, list), wanted)
        : answer(homeHref(user), home, wanted),
    );
  });

  // A task list: its properties and tasks, reports, and the changes since a sync token.
  route(['/dav/calendars/:userId/:boxId', '/dav/calendars/:userId/:boxId/'], async (request, reply, user) => {
    ownPath(request, user);
    const { boxId } = request.params as { boxId: string };
    if (request.method === 'PROPFIND') {
      const wanted = wantedIn(requestXml(request));
      const depth = depthOf(request);
      const list = await caldav.collection(user, boxId);
      const asksData =
        wanted !== 'all' && wanted.some((name) => key(name) === key(prop(NS.caldav, 'calendar-data')));
      const tasks =
        depth === 0 ? [] : asksData ? await caldav.tasks(user, boxId) : await caldav.members(user, boxId);
      return sendMultistatus(reply, [undefined, ...tasks], (task) =>
        task
          ? answer(taskHref(user, boxId, task.name), taskProperties(task), wanted)
          : answer(collectionHref(user, boxId), collectionProperties(user, list), wanted),
      );
    }
    if (request.method === 'REPORT') return report(request, reply, user, boxId);
    if (request.method === 'PROPPATCH') {
      await caldav.collection(user, boxId);
      // Nothing of a list is set from a client (its name is its box's title): each property is refused.
      const body = requestXml(request);
      const names = [...childrenNamed(body, NS.dav, 'set'), ...childrenNamed(body, NS.dav, 'remove')].flatMap(
        (change) => child(change, NS.dav, 'prop')?.children ?? [],
      );
      return sendMultistatus(
        reply,
        [{ href: collectionHref(user, boxId), found: [], forbidden: names }],
        itself,
      );
    }
    if (request.method === 'MKCALENDAR') {
      const set = child(child(requestXml(request), NS.dav, 'set'), NS.dav, 'prop');
      const components = child(set, NS.caldav, 'supported-calendar-component-set');
      if (
        components &&
        !childrenNamed(components, NS.caldav, 'comp').some(
          (c) => c.attributes.name?.toUpperCase() === 'VTODO',
        )
      )
        throw new DavError(403, 'caldav.component.unsupported', {
          ns: NS.caldav,
          name: 'supported-calendar-component',
        });
      await caldav.makeList(user, boxId, child(set, NS.dav, 'displayname')?.text ?? '');
      return reply.code(201).send();
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      await caldav.collection(user, boxId);
      return reply.code(200).type('text/plain; charset=utf-8').send('');
    }
    throw notAllowed();
  });

  async function report(request: FastifyRequest, reply: FastifyReply, user: UserRow, boxId: string) {
    const body = requestXml(request);
    if (!body) throw new DavError(400, 'caldav.xml.invalid');
    const wanted = wantedIn(body);
    const answerTask = (task: Task) => answer(taskHref(user, boxId, task.name), taskProperties(task), wanted);
    const asksData =
      wanted === 'all' || wanted.some((name) => key(name) === key(prop(NS.caldav, 'calendar-data')));
    if (body.ns === NS.dav && body.name === 'sync-collection') {
      const since = changeOfToken(child(body, NS.dav, 'sync-token')?.text.trim() ?? '');
      const { token, present, gone } = await caldav.changes(user, boxId, since);
      const tasks = asksData
        ? await caldav.tasks(user, boxId, { ids: present.map((row) => row.id) })
        : present.map((row) => ({ name: row.name, etag: caldav.etagOf(row.seq, user) }));
      return sendMultistatus(
        reply,
        [...tasks, ...gone.map((row) => ({ gone: row.name }))],
        (item) =>
          'gone' in item ? { href: taskHref(user, boxId, item.gone), status: 404 } : answerTask(item),
        syncToken(token),
      );
    }
    if (body.ns === NS.caldav && body.name === 'calendar-multiget') {
      const hrefs = childrenNamed(body, NS.dav, 'href').map((href) => href.text.trim());
      const prefix = collectionHref(user, boxId);
      const names = hrefs.map((href) => nameIn(href, prefix));
      const tasks = await caldav.tasks(user, boxId, {
        names: names.filter((name): name is string => name !== undefined),
      });
      const byName = new Map(tasks.map((task) => [task.name, task]));
      return sendMultistatus(
        reply,
        hrefs.map((href, index) => ({ href, task: byName.get(names[index] ?? '') })),
        ({ href, task }) => (task ? answerTask(task) : { href, status: 404 }),
      );
    }
    if (body.ns === NS.caldav && body.name === 'calendar-query') {
      const filter: CalendarFilter = filterOf(child(body, NS.caldav, 'filter'));
      const tasks = (await caldav.tasks(user, boxId)).filter((task) => matches(task, filter));
      return sendMultistatus(reply, tasks, answerTask);
    }
    throw new DavError(403, 'caldav.method.notAllowed', { ns: NS.dav, name: 'supported-report' });
  }

  // A task: read, stored, archived, moved.
  route(['/dav/calendars/:userId/:boxId/:name'], async (request, reply, user) => {
    ownPath(request, user);
    const { boxId, name } = request.params as { boxId: string; name: string };
    const headers = request.headers;
    switch (request.method) {
      case 'GET':
      case 'HEAD': {
        const task = await caldav.task(user, boxId, name);
        reply.header('etag', task.etag).type(TASK_CONTENT_TYPE);
        return reply.send(request.method === 'HEAD' ? '' : task.data);
      }
      case 'PROPFIND': {
        const wanted = wantedIn(requestXml(request));
        const [task] = await caldav.tasks(user, boxId, { names: [name] });
        if (!task) throw new DavError(404, 'caldav.notFound');
        return sendMultistatus(
          reply,
          [answer(taskHref(user, boxId, name), taskProperties(task), wanted)],
          itself,
        );
      }
      case 'PUT': {
        const type = String(headers['content-type'] ?? 'text/calendar');
        if (!/^text\/calendar\b/i.test(type))
          throw new DavError(415, 'caldav.calendarData.unsupported', {
            ns: NS.caldav,
            name: 'supported-calendar-data',
          });
        const { created, etag } = await caldav.put(user, boxId, name, String(request.body ?? ''), {
          ifMatch: headerOf(headers['if-match']),
          ifNoneMatch: headerOf(headers['if-none-match']),
        });
        if (etag) reply.header('etag', etag);
        return reply.code(created ? 201 : 204).send();
      }
      case 'DELETE':
        await caldav.remove(user, boxId, name, headerOf(headers['if-match']));
        return reply.code(204).send();
      case 'MOVE': {
        const destination = destinationOf(request, user);
        await caldav.move(user, boxId, name, destination);
        return reply.code(201).send();
      }
      default:
        throw notAllowed();
    }
  });
}
