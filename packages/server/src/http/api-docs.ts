import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Paths of the OpenAPI document (`/api/docs/json`) and its UI (`/api/docs`). */
export const API_DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI document, generated from the same zod schemas that validate each route,
 * and Swagger UI to browse it. Register before the routes so every route is seen.
 */
export async function registerApiDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Nestbox API',
        description:
          'HTTP contract of Nestbox (see shared/API.md). Authenticated calls carry `Authorization: Bearer <token>`.',
        version,
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A session token (the JWT a login answers) or a personal API token (`nbx_…`, made in Application Settings → Data). A `read` API token may call GET routes and the POST routes that only read; no API token may call account routes (403 `tokens.notForAccount`).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: false,
  });
}
