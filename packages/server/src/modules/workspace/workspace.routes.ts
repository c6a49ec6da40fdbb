import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { OkResponseSchema } from '@nestbox/shared/http/responses';
import { SearchResultSchema } from '@nestbox/shared/items/item.schema';
import {
  CreatePaneBodySchema,
  CreateSearchPaneBodySchema,
  PaneIdQuerySchema,
  PanesWidthsBodySchema,
  ReplaceInWorkspaceBodySchema,
  UpdateSearchPaneBodySchema,
  WorkspaceResponseSchema,
  WorkspaceSettingsBodySchema,
  WorkspaceSplitBodySchema,
} from '@nestbox/shared/workspace/workspace.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/request-context.js';
import type { WorkspaceService } from './workspace.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const workspaceResponse = { 200: WorkspaceResponseSchema, ...errors };
const done = { 200: OkResponseSchema, ...errors };

/** The caller's panes and workspace preferences (API.md "Workspace"; pane calls live under /api/items). */
export const workspaceRoutes: FastifyPluginAsyncZod<{
  workspace: WorkspaceService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { workspace, authenticate }) => {
  app.addHook('onRequest', authenticate);
  const tags = ['workspace'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/items/get-workspace-items',
    {
      schema: {
        tags,
        security,
        summary: 'The panes, their order and the boxes they show',
        response: workspaceResponse,
      },
    },
    async (request) => workspace.getWorkspace(currentUser(request)),
  );

  app.post(
    '/api/items/create-pane',
    {
      schema: {
        tags,
        security,
        summary: 'Open a box in a new pane at index pos',
        body: CreatePaneBodySchema,
        response: workspaceResponse,
      },
    },
    async (request) => workspace.createPane(currentUser(request), request.body.pos, request.body.itemId),
  );

  app.put(
    '/api/items/replace-in-workspace',
    {
      schema: {
        tags,
        security,
        summary: 'Show another box in the pane at index pos',
        body: ReplaceInWorkspaceBodySchema,
        response: workspaceResponse,
      },
    },
    async (request) =>
      workspace.replaceInWorkspace(currentUser(request), request.body.pos, request.body.itemId),
  );

  app.delete(
    '/api/workspace/pane',
    { schema: { tags, security, summary: 'Close a pane', querystring: PaneIdQuerySchema, response: done } },
    async (request) => {
      await workspace.removePane(currentUser(request), request.query.paneId);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/workspace/panes-widths',
    { schema: { tags, security, summary: 'Save pane widths', body: PanesWidthsBodySchema, response: done } },
    async (request) => {
      await workspace.setWidths(currentUser(request), request.body.panesDict);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/workspace/split',
    {
      schema: {
        tags,
        security,
        summary: 'How many panes the layout shows',
        body: WorkspaceSplitBodySchema,
        response: done,
      },
    },
    async (request) => {
      await workspace.setSplit(currentUser(request), request.body.split);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/workspace/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Workspace settings (tooltips)',
        body: WorkspaceSettingsBodySchema,
        response: done,
      },
    },
    async (request) => {
      await workspace.setSettings(currentUser(request), request.body.settings);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/items/create-search-pane',
    {
      schema: {
        tags,
        security,
        summary: 'Open a search pane at index pos',
        body: CreateSearchPaneBodySchema,
        response: workspaceResponse,
      },
    },
    async (request) =>
      workspace.createSearchPane(currentUser(request), request.body.pos, request.body.search),
  );

  app.put(
    '/api/items/update-search-pane',
    {
      schema: {
        tags,
        security,
        summary: "Change a search pane's term, scope or toggles",
        body: UpdateSearchPaneBodySchema,
        response: workspaceResponse,
      },
    },
    async (request) =>
      workspace.updateSearchPane(currentUser(request), request.body.paneId, request.body.search),
  );

  app.get(
    '/api/items/get-workspace-items-for-search',
    {
      schema: {
        tags,
        security,
        summary: "A search pane's results, searched now",
        querystring: PaneIdQuerySchema,
        response: { 200: z.object({ paneId: z.string(), results: z.array(SearchResultSchema) }), ...errors },
      },
    },
    async (request) => workspace.searchPaneResults(currentUser(request), request.query.paneId),
  );
};
