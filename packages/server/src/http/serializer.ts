import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { type ZodType, z } from 'zod';

/**
 * Answers are written by a serializer compiled from each route's response schema (the zod
 * schema shared with the web app, as JSON Schema, through fast-json-stringify: Fastify's own),
 * instead of checking every answer against zod and then calling `JSON.stringify`, which cost
 * more than building a short answer. Only the properties the schema names are written, so
 * nothing the presenters did not mean to send can slip out; a missing required property still
 * fails the request.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema }) =>
  fastJsonStringify(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as Schema,
  );
