import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.js';
import { type Clock, systemClock } from './clock.js';
import { createWriteRunner } from './db/run-write.js';
import { createDomainEvents } from './events/domain-events.js';
import { registerApiDocs } from './http/api-docs.js';
import { errorHandling } from './http/error-handler.js';
import { jsonBodyParsing } from './http/json-body.js';
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  createRedisRateLimitStore,
  type RateLimiter,
} from './http/rate-limit.js';
import { requestContextPlugin } from './http/request-context.js';
import { requestLocale } from './http/request-locale.js';
import { withRedactedUrls } from './http/request-log.js';
import { securityHeaders } from './http/security-headers.js';
import { serializerCompiler } from './http/serializer.js';
import { registerWebApp } from './http/web-app.js';
import { autoArchiveJob, createAutoArchiveSweep } from './jobs/auto-archive.js';
import { remindersJob } from './jobs/reminders.js';
import { REMINDERS_INTERVAL_MS, startScheduler } from './jobs/scheduler.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { countedMailer, createMetrics, jobObserver, registerMetrics } from './metrics/metrics.js';
import { createAccessService } from './modules/access/access.service.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { createAdminService } from './modules/admin/admin.service.js';
import {
  ATTACHMENT_SWEEP_INTERVAL_MS,
  attachmentStoreFor,
} from './modules/attachments/attachments.contract.js';
import { attachmentsRoutes } from './modules/attachments/attachments.routes.js';
import { createAttachmentsService } from './modules/attachments/attachments.service.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthenticate, createAuthLimit, createAuthService } from './modules/auth/auth.service.js';
import { caldavRoutes } from './modules/caldav/caldav.routes.js';
import { createCaldavService } from './modules/caldav/caldav.service.js';
import { createCaldavAuthenticate } from './modules/caldav/caldav-auth.js';
import { calendarFeedRoutes, calendarRoutes } from './modules/calendar/calendar.routes.js';
import { createCalendarService } from './modules/calendar/calendar.service.js';
import { captchaRoutes } from './modules/captcha/captcha.routes.js';
import {
  createAltchaCaptcha,
  createDatabaseReplayStore,
  createRecaptcha,
  createRedisReplayStore,
} from './modules/captcha/captcha.service.js';
import { captureRoutes } from './modules/capture/capture.routes.js';
import { createCaptureService } from './modules/capture/capture.service.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { createCommentsService } from './modules/comments/comments.service.js';
import { exportRoutes } from './modules/data/export.routes.js';
import { createExportService } from './modules/data/export.service.js';
import { createFileReader } from './modules/data/file-reader.js';
import { importRoutes } from './modules/data/import.routes.js';
import { createImportService } from './modules/data/import.service.js';
import { e2eRoutes } from './modules/e2e/e2e.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { historyRoutes } from './modules/history/history.routes.js';
import { createHistoryService } from './modules/history/history.service.js';
import { itemsRoutes } from './modules/items/items.routes.js';
import { createItemsService } from './modules/items/items.service.js';
import { recurrenceRoutes } from './modules/items/recurrence.routes.js';
import { tagsRoutes } from './modules/items/tags.routes.js';
import { createTagsService } from './modules/items/tags.service.js';
import { subscribeLiveUpdates } from './modules/live/live.service.js';
import { oidcPublicRoutes, oidcUserRoutes } from './modules/oidc/oidc.routes.js';
import { createOidcService } from './modules/oidc/oidc.service.js';
import { organizerRoutes } from './modules/organizer/organizer.routes.js';
import { createOrganizerService } from './modules/organizer/organizer.service.js';
import { createPasskeySignIn } from './modules/passkeys/passkey-sign-in.js';
import { passkeySignInRoutes, passkeysRoutes } from './modules/passkeys/passkeys.routes.js';
import { createPasskeysService } from './modules/passkeys/passkeys.service.js';
import { relyingParty } from './modules/passkeys/relying-party.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { createPushService, type PushTransport } from './modules/push/push.service.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { remindersRoutes } from './modules/reminders/reminders.routes.js';
import { createRemindersService } from './modules/reminders/reminders.service.js';
import { findRoutes } from './modules/search/find.routes.js';
import { createFindService } from './modules/search/find.service.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { createSearchService } from './modules/search/search.service.js';
import { sharingRoutes } from './modules/sharing/sharing.routes.js';
import { createSharingService } from './modules/sharing/sharing.service.js';
import { slackPublicRoutes, slackUserRoutes } from './modules/slack/slack.routes.js';
import { createSlackService } from './modules/slack/slack.service.js';
import { tokensRoutes } from './modules/tokens/tokens.routes.js';
import { createTokensService } from './modules/tokens/tokens.service.js';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.js';
import { createTwoFactorService } from './modules/two-factor/two-factor.service.js';
import { undoRoutes } from './modules/undo/undo.routes.js';
import { createUndoService } from './modules/undo/undo.service.js';
import { upcomingRoutes } from './modules/upcoming/upcoming.routes.js';
import { createUpcomingService } from './modules/upcoming/upcoming.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { workspaceRoutes } from './modules/workspace/workspace.routes.js';
import { createWorkspaceService } from './modules/workspace/workspace.service.js';
import { attachRealtime } from './realtime/realtime.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where `vite build` writes the web app, seen from src/ or dist/. */
export const DEFAULT_WEB_ROOT = path.resolve(here, '../../web/dist');

const { version } = JSON.parse(readFileSync(path.resolve(here, '../package.json'), 'utf8')) as {
  version: string;
};

export interface BuildAppOptions extends Omit<AppContext, 'now'> {
  /** The app's clock; the machine's unless a test, job or bench states the date. */
  now?: Clock;
  /** Folder of the built web app; `null` serves no web app (API only). */
  webRoot?: string | null;
  /** Fastify logger options; defaults to pino at the configured level. Request URLs are always redacted. */
  logger?: FastifyServerOptions['logger'];
  /** Human-readable log lines (pino-pretty) instead of JSON. */
  prettyLogs?: boolean;
  /** Prefix of rate-limit keys in Redis (tests isolate themselves with their own). */
  rateLimitPrefix?: string;
  /** Run the scheduler (auto-archive, reminders) in this process; the server does, tests drive it by hand. */
  runJobs?: boolean;
  /** Replaces the rate limiter (benchmarks measure the work behind it, not the 429s). */
  limiter?: RateLimiter;
  /** Where Web Push may send, and how (tests send to a local HTTPS stand-in). */
  pushTransport?: PushTransport;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * Builds the whole application (API, docs, web app) without listening, so tests and the
 * server entry point share it. Plugins and modules are registered explicitly, in order.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const {
    webRoot = DEFAULT_WEB_ROOT,
    prettyLogs = false,
    logger,
    rateLimitPrefix = 'nestbox:rl:',
    limiter: givenLimiter,
    pushTransport,
    runJobs = false,
    now = systemClock,
    ...connections
  } = options;
  const context: AppContext = { ...connections, now };
  const { config, db, redis, secrets } = context;
  const loggerOptions = logger ?? {
    level: context.config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(prettyLogs
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
  const app = Fastify({
    // Whatever the options, a request's URL is logged without the secrets some carry.
    logger: typeof loggerOptions === 'object' ? withRedactedUrls(loggerOptions) : loggerOptions,
    // Honour a caller's (or proxy's) request id when it is well-formed; otherwise mint one.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(securityHeaders, { recaptcha: config.recaptcha !== undefined });
  // Answers above 1 KB go compressed (brotli or gzip, as the caller accepts): JSON, the page
  // itself. Built assets are compressed once, at build time (http/web-app.ts). Request bodies
  // are never inflated: a body is read as sent, within its size limit. JSON answers up to
  // 256 KB (a first page of the Organizer or a pane) are compressed in one call: brotli at
  // the plugin's quality 4 takes under a millisecond for them, where a zlib stream's hops to
  // the thread pool cost several.
  await app.register(fastifyCompress, {
    threshold: 1024,
    syncThreshold: 256 * 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  await app.register(requestLocale);
  await app.register(requestContextPlugin);
  await app.register(errorHandling);
  await app.register(jsonBodyParsing);
  await registerApiDocs(app, version);
  const metrics = config.metrics ? createMetrics(context.dbEngine) : undefined;
  if (metrics) registerMetrics(app, { metrics, db, token: config.metrics?.token });

  const mailer: Mailer = countedMailer(
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    }),
    metrics,
  );
  app.addHook('onClose', async () => mailer.close());
  const limiter =
    givenLimiter ??
    createRateLimiter(
      redis ? createRedisRateLimitStore(redis, rateLimitPrefix) : createMemoryRateLimitStore(),
    );
  const captchaReplays = redis
    ? createRedisReplayStore(redis, `${rateLimitPrefix}captcha:`)
    : createDatabaseReplayStore(db);
  const captcha = config.recaptcha
    ? createRecaptcha(config.recaptcha.secret)
    : createAltchaCaptcha(
        createHmac('sha256', secrets.jwtSecret).update('altcha').digest('hex'),
        captchaReplays,
      );
  const publisher = attachRealtime(app, {
    db,
    now,
    secret: secrets.jwtSecret,
    redis,
    ...(metrics ? { onPublish: (event: string) => metrics.liveEvents.inc({ type: event }) } : {}),
  });
  metrics?.countSocketsWith(publisher.localSocketCount);
  const audit = createAuditService({ db, log: app.log, now });
  const push = createPushService({
    db,
    engine: context.dbEngine,
    now,
    vapid: secrets.vapid,
    subject: config.vapidSubject,
    transport: pushTransport,
    onError: (error, context) => app.log.warn({ err: error }, context),
  });
  // Two-factor codes: signing in and resetting a password ask for one (auth); turning them
  // off may take the current password, which the accounts service proves.
  const twoFactor = createTwoFactorService({
    db,
    now,
    serverSecret: secrets.jwtSecret,
    limiter,
    audit,
    accounts: {
      verifyCurrentPassword: (user, password, ip) => auth.verifyCurrentPassword(user, password, ip),
    },
  });
  const auth = createAuthService({
    now,
    secondFactor: twoFactor.secondFactor,
    sessions: publisher,
    onLoggedOut: push.sessionEnded,
    audit,
    db,
    mailer,
    limiter,
    verifyCaptcha: captcha.verify,
    appUrl: config.appUrl,
    jwtSecret: secrets.jwtSecret,
    // The browser journeys sign up many accounts from one address; the limits themselves are
    // proven by the API tests.
    limitScale: config.e2e ? 10 : 1,
  });
  // One instance alone sees every change to its users, so it may keep them a second; several
  // (Redis configured) must each read them afresh.
  const authenticate = createAuthenticate(db, secrets.jwtSecret, { cached: !redis, now });
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('apiTokenScope', null);

  await app.register(healthRoutes, context);
  await app.register(referenceRoutes, { now });
  await app.register(captchaRoutes, { captcha, recaptchaSiteKey: config.recaptcha?.siteKey });
  await app.register(authRoutes, { auth, authenticate });
  const secureCookies = config.appUrl.startsWith('https://');
  const oidc = createOidcService({
    db,
    now,
    settings: config.oidc,
    appUrl: config.appUrl,
    jwtSecret: secrets.jwtSecret,
    audit,
    limiter,
    limitScale: config.e2e ? 10 : 1,
    hasPasskey: (executor, userId) => passkeys.hasAny(executor, userId),
    onError: (error) =>
      app.log.warn({ err: error.cause ?? error, reason: error.reason }, 'single sign-on failed'),
  });
  await app.register(oidcPublicRoutes, { oidc, secureCookies });
  await app.register(oidcUserRoutes, { oidc, authenticate, secureCookies });
  // Passkeys: a sign-in of their own, or a sign-in's second step (auth's); the last passkey of
  // an account without a password stays unless single sign-on is another way in.
  const rp = relyingParty(config.appUrl);
  const passkeys = createPasskeysService({ db, now, rp, audit, otherSignIn: oidc.hasIdentity });
  await app.register(passkeysRoutes, { passkeys, authenticate });
  await app.register(passkeySignInRoutes, {
    signIn: createPasskeySignIn({
      db,
      now,
      rp,
      jwtSecret: secrets.jwtSecret,
      limit: createAuthLimit(limiter, config.e2e ? 10 : 1),
      secondStep: auth,
      audit,
    }),
  });
  const access = createAccessService({ db });
  const events = createDomainEvents({
    onError: (error) => app.log.error({ err: error }, 'a live update could not be sent'),
  });
  // Changes that move, hide or lose something record how to undo them; each module restores its own.
  const undo = createUndoService({ db, now });
  // Reminders: re-planned with the target date, fired by their own scheduler below.
  const reminders = createRemindersService({
    db,
    now,
    engine: context.dbEngine,
    access,
    events,
    mailer,
    appUrl: config.appUrl,
    onError: (error) => app.log.error({ err: error }, 'a reminder could not be sent'),
    undo,
  });
  const users = createUsersService({
    db,
    now,
    accounts: auth,
    sessions: publisher,
    audit,
    onTimeZoneChanged: reminders.timeZoneChanged,
  });
  await app.register(usersRoutes, {
    users,
    authenticate,
    jwtSecret: secrets.jwtSecret,
    now,
  });
  const history = createHistoryService({ db, access, now });
  await app.register(historyRoutes, { history, authenticate });
  const items = createItemsService({
    db,
    now,
    engine: context.dbEngine,
    access,
    events,
    onTargetDateChanged: reminders.targetDateChanged,
    onTargetDateRestored: reminders.targetDateRestored,
    undo,
    recordHistory: history.record,
  });
  subscribeLiveUpdates({ db, events, publisher, access, items });
  const search = createSearchService({ db, items });
  const workspace = createWorkspaceService({ db, items, search, users, now });
  await app.register(itemsRoutes, { items, authenticate, openInPane: workspace.openPaneIn });
  await app.register(recurrenceRoutes, { items, authenticate });
  await app.register(workspaceRoutes, { workspace, authenticate });
  await app.register(searchRoutes, { search, authenticate });
  await app.register(tagsRoutes, {
    tags: createTagsService({ db, engine: context.dbEngine, events, now }),
    authenticate,
  });
  await app.register(findRoutes, {
    // A lone instance hears of every change, so it may keep what each person sees a moment.
    finder: createFindService({ db, events, cached: !redis, now }),
    authenticate,
  });
  const organizer = createOrganizerService({ db, items, now });
  await app.register(organizerRoutes, { organizer, users, authenticate });
  await app.register(upcomingRoutes, { upcoming: createUpcomingService({ db, now }), authenticate });
  const comments = createCommentsService({
    db,
    runWrite: createWriteRunner({ db, events }),
    access,
    audit,
    now,
    recordHistory: history.record,
    mentions: reminders.mentions,
  });
  await app.register(commentsRoutes, { comments, authenticate });
  const attachmentStore = attachmentStoreFor(config.attachments.s3, config.dataDir);
  app.addHook('onClose', async () => attachmentStore.close());
  const attachments = createAttachmentsService({
    db,
    runWrite: createWriteRunner({ db, events }),
    access,
    store: attachmentStore,
    now,
    limits: config.attachments,
    recordHistory: history.record,
    onStoreError: (error, key) =>
      app.log.warn({ err: error, key }, 'an attachment object could not be made or removed'),
  });
  await app.register(attachmentsRoutes, { attachments, authenticate });
  await app.register(captureRoutes, {
    capture: createCaptureService({ db, items, organizer, events }),
    authenticate,
  });
  await app.register(sharingRoutes, {
    sharing: createSharingService({
      db,
      access,
      items,
      users,
      events,
      undo,
      audit,
      now,
      recordHistory: history.record,
    }),
    authenticate,
  });
  await app.register(remindersRoutes, { reminders, authenticate });
  await app.register(pushRoutes, { push, authenticate });
  events.on('reminders.fired', ({ fired }) => push.notifyFired(fired));
  events.on('comments.mentioned', async (mentioned) => {
    await reminders.mentions.announce(mentioned);
    await push.notifyMentioned(mentioned.notices);
  });
  await app.register(exportRoutes, {
    exporter: createExportService({ db, access, items, comments, attachments, now }),
    authenticate,
  });
  const fileReader = createFileReader();
  app.addHook('onClose', async () => fileReader.close());
  const imports = createImportService({
    db,
    fileReader,
    events,
    now,
    items,
    organizer,
    reminders,
    comments,
    attachments,
  });
  await app.register(importRoutes, { imports, authenticate });
  await app.register(undoRoutes, { undo, authenticate });
  const calendar = createCalendarService({ db, appUrl: config.appUrl, limiter, audit, now });
  await app.register(calendarRoutes, { calendar, authenticate });
  await app.register(calendarFeedRoutes, { calendar });
  await app.register(tokensRoutes, { tokens: createTokensService({ db, audit, now }), authenticate });
  await app.register(twoFactorRoutes, { twoFactor, authenticate });
  await app.register(caldavRoutes, {
    caldav: createCaldavService({ db, items, reminders, now }),
    authenticate: createCaldavAuthenticate({ db, limiter, now }),
  });
  const slack = createSlackService({
    db,
    now,
    slack: config.slack,
    appUrl: config.appUrl,
    serverSecret: secrets.jwtSecret,
    items,
    events,
    audit,
    onError: (error) => app.log.warn({ err: error }, 'a Slack call failed'),
  });
  await app.register(slackUserRoutes, { slack, authenticate, secureCookies });
  await app.register(slackPublicRoutes, { slack, signingSecret: config.slack?.signingSecret, secureCookies });
  await app.register(adminRoutes, {
    admin: createAdminService({
      db,
      allowReseed: config.allowReseed,
      admin: config.admin,
      sessions: publisher,
      audit,
      twoFactor,
    }),
    authenticate,
  });
  await app.register(auditRoutes, { audit, authenticate });
  if (runJobs) {
    const observe = metrics ? jobObserver(metrics) : undefined;
    const sweep = createAutoArchiveSweep({
      items,
      events,
      onFailed: (itemId, error) =>
        app.log.error(
          { err: error, itemId },
          'an item could not be auto-archived; it is tried again at the next sweep',
        ),
    });
    const scheduler = startScheduler(
      [
        autoArchiveJob(sweep),
        // Logged-out tokens and answered captchas are kept only until they would expire.
        { name: 'expired-revocations', run: auth.pruneRevokedTokens },
        { name: 'expired-captcha-answers', run: captchaReplays.prune },
        { name: 'expired-passkey-challenges', run: passkeys.pruneChallenges },
        // An undo is offered for UNDO_TTL_MS; then its entry goes.
        { name: 'expired-undo-entries', run: undo.pruneExpired },
        // An import's key answers its retries for IMPORT_KEY_TTL_MS; then it goes.
        { name: 'expired-import-keys', run: imports.pruneExpiredKeys },
        // An import that died half-way leaves its staged items out of sight; they go later.
        { name: 'abandoned-import-staging', run: items.staging.discardAbandoned },
      ],
      app.log,
      { now, observe },
    );
    // Reminders are due to the minute: their own, shorter interval.
    const reminderScheduler = startScheduler([remindersJob(reminders)], app.log, {
      now,
      intervalMs: REMINDERS_INTERVAL_MS,
      observe,
    });
    // Stored objects no row names (an upload killed half-way, an item's files once it is gone)
    // are removed an hour on; the sweep lists the whole store, so it runs seldom.
    const attachmentScheduler = startScheduler(
      [{ name: 'orphaned-attachments', run: attachments.sweep }],
      app.log,
      { now, intervalMs: ATTACHMENT_SWEEP_INTERVAL_MS, observe },
    );
    app.addHook('onClose', async () => {
      scheduler.stop();
      reminderScheduler.stop();
      attachmentScheduler.stop();
    });
  }
  if (config.e2e) await app.register(e2eRoutes, { db, now, runReminders: reminders.runDue });

  await registerWebApp(app, webRoot);
  return app;
}
