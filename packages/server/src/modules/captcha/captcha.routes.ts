import { CaptchaConfigSchema } from '@nestbox/shared/auth/auth.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CaptchaService } from './captcha.service.js';

/** `GET /api/captcha/challenge`: a fresh ALTCHA challenge; `GET /api/captcha/config`: which captcha to show. */
export const captchaRoutes: FastifyPluginAsyncZod<{
  captcha: CaptchaService;
  recaptchaSiteKey?: string;
}> = async (app, { captcha, recaptchaSiteKey }) => {
  app.get(
    '/api/captcha/config',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Which captcha the password reset form shows',
        response: {
          200: CaptchaConfigSchema,
        },
      },
    },
    async () =>
      captcha.kind === 'recaptcha'
        ? { kind: 'recaptcha' as const, siteKey: recaptchaSiteKey ?? '' }
        : { kind: 'altcha' as const },
  );
  if (captcha.kind !== 'altcha') return;
  app.get(
    '/api/captcha/challenge',
    { schema: { tags: ['accounts'], summary: 'A signed ALTCHA proof-of-work challenge' } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.createChallenge();
    },
  );
};
