import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { TEXT_TITLE_MAX_LENGTH } from '@nestbox/shared/constants';
import {
  SLACK_ENV_VARIABLES,
  type SlackAccount,
  type SlackLinkResult,
  type SlackStatus,
} from '@nestbox/shared/slack/slack.schema';
import type { WebClient } from '@slack/web-api';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config/env.js';
import { newId } from '../../db/ids.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { createDomainEvents, type DomainEventBus } from '../../events/domain-events.js';
import { AppError, appErrors } from '../../http/app-error.js';
import type { AuditCaller, AuditService } from '../audit/audit.service.js';
import type { ItemsService } from '../items/items.service.js';
import {
  consumeOAuthState,
  deleteSlackAccount,
  findSlackAccountBySlackUser,
  insertOAuthState,
  listSlackAccounts,
  recordSlackEvent,
  setSlackInbox,
  upsertSlackAccount,
} from './slack.repository.js';
import { createSlackInbox } from './slack-inbox.js';
import { encryptToken } from './slack-signature.js';

/** How long the browser has to come back from Slack's consent screen. */
export const SLACK_STATE_TTL_MS = 10 * 60 * 1000;

/**
 * Bot scopes asked of Slack: `im:history` is what the Events API's `message.im` needs (the
 * person's direct messages to the Nestbox app); `users:read` lets us show their Slack name.
 */
export const SLACK_BOT_SCOPES = ['im:history', 'users:read'] as const;

/** Constant-time comparison of two secrets of any length. */
function sameSecret(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(hashState(a)), Buffer.from(hashState(b))];
  return timingSafeEqual(x, y);
}

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** Slack escapes &, < and > in message text; items hold the plain characters. */
function plainText(text: string): string {
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&').trim();
}

/** The part of an Events API payload this module reads. */
export interface SlackEventPayload {
  type?: unknown;
  challenge?: unknown;
  team_id?: unknown;
  event_id?: unknown;
  event?: {
    type?: unknown;
    channel_type?: unknown;
    subtype?: unknown;
    bot_id?: unknown;
    user?: unknown;
    text?: unknown;
    team?: unknown;
  };
}

export type SlackEventOutcome =
  | { kind: 'challenge'; challenge: string }
  | { kind: 'created'; itemId: string }
  | { kind: 'ignored'; reason: 'not-a-dm' | 'unknown-user' | 'duplicate' | 'no-inbox' | 'unsupported' };

/**
 * Slack: linking accounts through OAuth v2 and turning the person's direct messages to the
 * Nestbox app into text items at the top of their 'Slack' box.
 */
export function createSlackService({
  db,
  slack,
  appUrl,
  serverSecret,
  items,
  events = createDomainEvents(),
  now,
  onError = () => {},
  audit,
}: {
  db: Executor;
  /** Records links and unlinks, in their transactions. */
  audit: Pick<AuditService, 'write' | 'log'>;
  slack: Config['slack'];
  appUrl: string;
  /** Encrypts stored Slack tokens. */
  serverSecret: string;
  items: ItemsService;
  events?: DomainEventBus;
  now: Clock;
  onError?: (error: unknown) => void;
}) {
  const redirectUri = `${appUrl}/slack/auth`;

  function requireSlack() {
    if (!slack) throw new AppError(503, 'slack.notConfigured');
    return slack;
  }

  const inbox = createSlackInbox(items);

  return {
    status(): SlackStatus {
      return { enabled: slack !== undefined, requiredVariables: [...SLACK_ENV_VARIABLES] };
    },

    /** Slack's consent page for this user, with a fresh single-use state. */
    async authorizeUrl(user: UserRow): Promise<{ url: string; state: string }> {
      const { clientId } = requireSlack();
      const state = randomBytes(32).toString('base64url');
      const at = now();
      await insertOAuthState(db, {
        id: newId(),
        userId: user.id,
        stateHash: hashState(state),
        expiresAt: at + SLACK_STATE_TTL_MS,
        now: at,
      });
      const url = new URL('https://slack.com/oauth/v2/authorize');
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('scope', SLACK_BOT_SCOPES.join(','));
      url.searchParams.set('user_scope', '');
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      return { url: url.toString(), state };
    },

    /**
     * The browser's return from Slack: the state must be one we issued, unexpired and unused,
     * and the one this very browser was given (so nobody can make someone else link the
     * attacker's Slack account); the code is exchanged for a token and the account linked to
     * the state's user.
     */
    async completeAuthorization(
      query: { code?: string; state?: string; error?: string },
      /** The state this browser was given when it started (its cookie): a link started elsewhere is refused. */
      browserState: string | undefined,
      /** The browser's address and user agent (a GET, which carries no request context). */
      caller: AuditCaller,
    ): Promise<SlackLinkResult> {
      if (!slack) return 'disabled';
      if (!query.state || !browserState || !sameSecret(query.state, browserState)) return 'failed';
      const userId = query.state ? await consumeOAuthState(db, hashState(query.state), now()) : undefined;
      if (!userId) return 'failed';
      if (query.error || !query.code) return 'denied';
      // Slack's client loads when someone links an account, not in every server's memory.
      const { WebClient: Client } = await import('@slack/web-api');
      const client = new Client(undefined, { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } });
      let access: Awaited<ReturnType<WebClient['oauth']['v2']['access']>>;
      try {
        access = await client.oauth.v2.access({
          client_id: slack.clientId,
          client_secret: slack.clientSecret,
          code: query.code,
          redirect_uri: redirectUri,
        });
      } catch (error) {
        onError(error);
        return 'failed';
      }
      const teamId = access.team?.id;
      const slackUserId = access.authed_user?.id;
      const token = access.access_token;
      if (!access.ok || !teamId || !slackUserId || !token) return 'failed';
      let slackUserName: string | null = null;
      try {
        const info = await client.users.info({ token, user: slackUserId });
        slackUserName = info.user?.real_name || info.user?.name || null;
      } catch (error) {
        // The name is a nicety: the link works without it.
        onError(error);
      }
      const { box, entry } = await db.transaction().execute(async (trx) => {
        const ensured = await inbox.ensure(trx, userId);
        await upsertSlackAccount(trx, {
          id: newId(),
          userId,
          teamId,
          teamName: access.team?.name ?? teamId,
          slackUserId,
          slackUserName,
          accessTokenEnc: encryptToken(serverSecret, token),
          inboxItemId: ensured?.id ?? null,
          now: now(),
        });
        const entry = await audit.write(
          trx,
          { type: 'slack.linked', userId, details: { teamId, slackUserId } },
          caller,
        );
        return { box: ensured, entry };
      });
      audit.log(entry);
      if (box?.created) events.emit('items.created', { itemIds: [box.id] });
      return 'linked';
    },

    async listAccounts(user: UserRow): Promise<SlackAccount[]> {
      return (await listSlackAccounts(db, user.id)).map((row) => ({
        slackAccountId: row.id,
        teamId: row.team_id,
        teamName: row.team_name,
        slackUserId: row.slack_user_id,
        slackUserName: row.slack_user_name,
        inboxItemId: row.inbox_item_id,
        createdDate: row.created_at,
      }));
    },

    /** Unlinks one of the caller's accounts; anybody else's answers 404. The box and its items stay. */
    async unlink(user: UserRow, slackAccountId: string): Promise<void> {
      const entry = await db.transaction().execute(async (trx) => {
        if (!(await deleteSlackAccount(trx, user.id, slackAccountId))) throw appErrors.notFound();
        return audit.write(trx, { type: 'slack.unlinked', userId: user.id, details: { slackAccountId } });
      });
      audit.log(entry);
    },

    /**
     * One Events API delivery (signature already checked). A direct message from a linked
     * Slack user becomes a text item; the event id is recorded in the same transaction, so a
     * retried delivery never creates a second item.
     */
    async handleEvent(payload: SlackEventPayload): Promise<SlackEventOutcome> {
      if (payload.type === 'url_verification' && typeof payload.challenge === 'string')
        return { kind: 'challenge', challenge: payload.challenge };
      if (payload.type !== 'event_callback' || typeof payload.event_id !== 'string' || !payload.event)
        return { kind: 'ignored', reason: 'unsupported' };
      const { event } = payload;
      if (
        event.type !== 'message' ||
        event.channel_type !== 'im' ||
        event.subtype !== undefined ||
        event.bot_id !== undefined ||
        typeof event.user !== 'string' ||
        typeof event.text !== 'string'
      )
        return { kind: 'ignored', reason: 'not-a-dm' };
      const teamId = typeof payload.team_id === 'string' ? payload.team_id : event.team;
      if (typeof teamId !== 'string') return { kind: 'ignored', reason: 'unknown-user' };
      const account = await findSlackAccountBySlackUser(db, teamId, event.user);
      if (!account) return { kind: 'ignored', reason: 'unknown-user' };
      const text = plainText(event.text).slice(0, TEXT_TITLE_MAX_LENGTH);
      const eventId = payload.event_id;
      const result = await db.transaction().execute(async (trx) => {
        if (!(await recordSlackEvent(trx, eventId, now()))) return 'duplicate' as const;
        let createdBox: string | undefined;
        let itemId = account.inbox_item_id
          ? await inbox.addText(trx, account.user_id, account.inbox_item_id, text)
          : undefined;
        if (!itemId) {
          // The box was archived or deleted: a new one takes its place.
          const box = await inbox.ensure(trx, account.user_id);
          if (!box) return 'no-inbox' as const;
          if (box.created) createdBox = box.id;
          await setSlackInbox(trx, account.id, box.id);
          itemId = await inbox.addText(trx, account.user_id, box.id, text);
        }
        return itemId ? { itemId, createdBox } : ('no-inbox' as const);
      });
      if (typeof result === 'string') return { kind: 'ignored', reason: result };
      events.emit('items.created', {
        itemIds: result.createdBox ? [result.createdBox, result.itemId] : [result.itemId],
      });
      return { kind: 'created', itemId: result.itemId };
    },
  };
}

export type SlackService = ReturnType<typeof createSlackService>;
