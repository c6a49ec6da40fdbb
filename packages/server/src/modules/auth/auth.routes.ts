import {
  ActivateBodySchema,
  ForgotBodySchema,
  LoginBodySchema,
  MessageResponseSchema,
  PasswordResetBodySchema,
  PasswordResetCheckBodySchema,
  PasswordResetCheckResponseSchema,
  ResendActivationBodySchema,
  SignupBodySchema,
} from '@nestbox/shared/auth/auth.schema';
import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { LoginAnswerSchema, SecondFactorLoginBodySchema } from '@nestbox/shared/two-factor/two-factor.schema';
import { LoginResponseSchema } from '@nestbox/shared/users/user.schema';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentToken, currentUser } from '../../http/request-context.js';
import { translate } from '../../i18n/translate.js';
import type { AuthService } from './auth.service.js';

const errors = {
  400: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  410: ErrorBodySchema,
  429: ErrorBodySchema,
};

/** Public account routes (API.md "Public"): thin — validate, call the service, translate its message. */
export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  authenticate: preHandlerAsyncHookHandler;
}> = async (app, { auth, authenticate }) => {
  const tags = ['accounts'];

  app.post(
    '/auth/signup',
    {
      schema: {
        tags,
        summary: 'Create an account and send its activation e-mail',
        body: SignupBodySchema,
        response: { 201: MessageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = await auth.signup(request.body, request.ip, request.locale);
      return reply.status(201).send({ message: translate(request.locale, key) });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary:
          'Log in; answers a bearer token and the user, or (two-factor codes on) the token of the second step',
        body: LoginBodySchema,
        response: { 200: LoginAnswerSchema, 403: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await auth.login(request.body, request.ip);
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  app.post(
    '/auth/login/second-factor',
    {
      schema: {
        tags,
        summary:
          "A sign-in's second step: its token and a code from the app or a recovery code; answers as a login",
        body: SecondFactorLoginBodySchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = await auth.loginSecondFactor(request.body, request.ip);
      reply.header('cache-control', 'no-store');
      return session;
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { sessionOnly: true },
      preHandler: authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'End this session: the token answers 401 from now on and its sockets close',
        response: { 204: z.null(), 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await auth.logout(currentUser(request).id, currentToken(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/confirm-email',
    {
      schema: {
        tags,
        summary: 'Confirm a new e-mail address from the link sent to it',
        body: ActivateBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => ({ message: translate(request.locale, await auth.confirmEmailChange(request.body)) }),
  );

  app.post(
    '/auth/forgot',
    {
      schema: {
        tags,
        summary: 'Send a password reset e-mail',
        body: ForgotBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => ({ message: translate(request.locale, await auth.forgot(request.body, request.ip)) }),
  );

  app.post(
    '/user/activate',
    {
      schema: {
        tags,
        summary: 'Activate an account from its e-mailed link',
        body: ActivateBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => ({ message: translate(request.locale, await auth.activate(request.body)) }),
  );

  app.post(
    '/user/resend-activation-link',
    {
      schema: {
        tags,
        summary: 'Send a new activation link',
        body: ResendActivationBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: translate(request.locale, await auth.resendActivation(request.body, request.ip)),
    }),
  );

  app.post(
    '/user/password-reset-check',
    {
      schema: {
        tags,
        summary: 'Is this password reset link usable, and will the reset ask for a two-factor code?',
        body: PasswordResetCheckBodySchema,
        response: { 200: PasswordResetCheckResponseSchema, ...errors },
      },
    },
    async (request) => ({
      valid: true as const,
      ...(await auth.checkReset(request.body.verifyId, request.ip)),
    }),
  );

  app.put(
    '/user/password-reset',
    {
      schema: {
        tags,
        summary:
          'Set a new password from a reset link (captcha required; a code too when two-factor codes are on)',
        body: PasswordResetBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: translate(request.locale, await auth.resetPassword(request.body, request.ip)),
    }),
  );
};
