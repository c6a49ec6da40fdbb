import { z } from 'zod';

/** A Slack account linked to the logged-in user (`GET /api/users/slack-accounts`). */
export const SlackAccountSchema = z
  .object({
    slackAccountId: z.string(),
    teamId: z.string(),
    teamName: z.string(),
    slackUserId: z.string(),
    slackUserName: z.string().nullable(),
    /** The box that direct messages to the Nestbox app land in (null once that box is gone). */
    inboxItemId: z.string().nullable(),
    createdDate: z.number().describe('When the account was linked (UTC ms).'),
  })
  .meta({ id: 'SlackAccount' });

/** `GET /api/users/slack-status`: whether this installation has Slack configured. */
export const SlackStatusSchema = z
  .object({
    enabled: z.boolean(),
    /** The environment variables that turn Slack on (shown when it is off). */
    requiredVariables: z.array(z.string()),
  })
  .meta({ id: 'SlackStatus' });

/** `POST /api/users/slack-connect`: where to send the browser to start Slack's OAuth flow. */
export const SlackConnectResponseSchema = z
  .object({ url: z.string().describe('https://slack.com/oauth/v2/authorize?… with a single-use state.') })
  .meta({ id: 'SlackConnectResponse' });

/** `DELETE /api/users/slack-account`. */
export const SlackAccountQuerySchema = z.object({ slackAccountId: z.string().min(1) });

export { SLACK_LINK_QUERY, SLACK_LINK_RESULTS, type SlackLinkResult } from './slack-link.js';

/** What the Integrations tab asks an administrator to set. */
export const SLACK_ENV_VARIABLES = [
  'SLACK_CLIENT_ID',
  'SLACK_CLIENT_SECRET',
  'SLACK_SIGNING_SECRET',
] as const;

/** The title of the box Slack messages land in. */
export const SLACK_BOX_TITLE = 'Slack';

export type SlackAccount = z.infer<typeof SlackAccountSchema>;
export type SlackStatus = z.infer<typeof SlackStatusSchema>;

export type SlackConnectResponse = z.infer<typeof SlackConnectResponseSchema>;
export type SlackAccountQuery = z.input<typeof SlackAccountQuerySchema>;
