import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import {
  PasskeyCreateBodySchema,
  PasskeyListSchema,
  PasskeyLoginBodySchema,
  PasskeyOptionsSchema,
  PasskeyParamsSchema,
  PasskeyRenameBodySchema,
  PasskeySchema,
  PasskeySecondFactorBodySchema,
  SecondStepTokenBodySchema,
} from '@nestbox/shared/passkeys/passkeys.schema';
import { LoginResponseSchema } from '@nestbox/shared/users/user.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/request-context.js';
import type { PasskeySignIn } from './passkey-sign-in.js';
import type { PasskeysService } from './passkeys.service.js';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};
const tags = ['passkeys'];

/**
 * The caller's own passkeys (Settings → Security), with a session only: an API token never
 * reads or changes how its owner signs in.
 */
export const passkeysRoutes: FastifyPluginAsyncZod<{
  passkeys: PasskeysService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { passkeys, authenticate }) => {
  app.addHook('onRequest', authenticate);
  const security = [{ bearer: [] }];
  const config = { sessionOnly: true };

  app.get(
    '/api/users/passkeys',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Your passkeys, newest first',
        response: { 200: PasskeyListSchema, ...errors },
      },
    },
    async (request) => ({ passkeys: await passkeys.list(currentUser(request)) }),
  );

  app.post(
    '/api/users/passkeys/options',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Begin adding a passkey: options for the browser (WebAuthn), good for five minutes',
        response: { 200: PasskeyOptionsSchema, ...errors },
      },
    },
    async (request) => passkeys.registrationOptions(currentUser(request)),
  );

  app.post(
    '/api/users/passkeys',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Add the passkey the browser made for those options',
        body: PasskeyCreateBodySchema,
        response: { 201: PasskeySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { response, name } = request.body;
      const added = await passkeys.add(currentUser(request), response, name, request.locale);
      return reply.status(201).send(added);
    },
  );

  app.patch(
    '/api/users/passkeys/:passkeyId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Rename one of your passkeys',
        params: PasskeyParamsSchema,
        body: PasskeyRenameBodySchema,
        response: { 200: PasskeySchema, ...errors },
      },
    },
    async (request) => passkeys.rename(currentUser(request), request.params.passkeyId, request.body.name),
  );

  app.delete(
    '/api/users/passkeys/:passkeyId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Remove one of your passkeys (not the last way to sign in)',
        params: PasskeyParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await passkeys.remove(currentUser(request), request.params.passkeyId);
      return reply.status(204).send(null);
    },
  );
};

/** Signing in with a passkey, alone or as a sign-in's second step (API.md "Public"). */
export const passkeySignInRoutes: FastifyPluginAsyncZod<{ signIn: PasskeySignIn }> = async (
  app,
  { signIn },
) => {
  app.post(
    '/auth/passkey/options',
    {
      schema: {
        tags,
        summary: 'Begin a sign-in with a passkey: options for the browser, for any passkey of this site',
        response: { 200: PasskeyOptionsSchema, ...errors },
      },
    },
    async (request) => signIn.signInOptions(request.ip),
  );

  app.post(
    '/auth/passkey',
    {
      schema: {
        tags,
        summary: 'Sign in with a passkey alone; answers a bearer token and the user, as a login does',
        body: PasskeyLoginBodySchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    async (request) => signIn.signIn(request.body.response, request.body.rememberMe ?? false, request.ip),
  );

  app.post(
    '/auth/login/second-factor/passkey/options',
    {
      schema: {
        tags,
        summary: "Begin meeting a sign-in's second step with a passkey (409 when the person has none)",
        body: SecondStepTokenBodySchema,
        response: { 200: PasskeyOptionsSchema, ...errors },
      },
    },
    async (request) => signIn.secondFactorOptions(request.body.token, request.ip),
  );

  app.post(
    '/auth/login/second-factor/passkey',
    {
      schema: {
        tags,
        summary: "Meet a sign-in's second step with a passkey; answers as a login does",
        body: PasskeySecondFactorBodySchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    async (request) => signIn.secondFactor(request.body.token, request.body.response, request.ip),
  );
};
