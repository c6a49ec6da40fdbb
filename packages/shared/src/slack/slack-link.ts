/** The query `/slack/auth` adds to `/app` so the web app can say how linking went (no zod: the app reads it at once). */
export const SLACK_LINK_QUERY = 'slack';
export const SLACK_LINK_RESULTS = ['linked', 'failed', 'denied', 'disabled'] as const;
export type SlackLinkResult = (typeof SLACK_LINK_RESULTS)[number];
