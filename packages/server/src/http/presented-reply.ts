import type { FastifyReply } from 'fastify';

/**
 * For the long lists (a pane of hundreds of items, the Organizer's thousands): the reply is
 * built by the presenters, which already give the schema's shape, so it is sent with plain
 * `JSON.stringify` instead of being re-validated item by item through zod, which cost as much
 * as building it. The route's response schema still documents it (OpenAPI), and the route
 * tests check the shape.
 */
export function replyPresented(reply: FastifyReply): void {
  reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
}
