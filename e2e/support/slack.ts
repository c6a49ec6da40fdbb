import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { APIRequestContext } from '@playwright/test';
import { E2E_SLACK } from './e2e-env.js';

/**
 * A stand-in for Slack's Web API on E2E_SLACK_API_PORT (the shared server's SLACK_API_URL):
 * `code-<slackUserId>` exchanges for a link of that Slack user in team T0E2E 'Acme'.
 */
export async function startSlackStandIn(): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const params = new URLSearchParams(body);
      res.setHeader('content-type', 'application/json');
      const code = params.get('code') ?? '';
      if (req.url?.startsWith('/api/oauth.v2.access') && code.startsWith('code-')) {
        res.end(
          JSON.stringify({
            ok: true,
            access_token: 'xoxb-e2e',
            team: { id: 'T0E2E', name: 'Acme' },
            authed_user: { id: code.slice('code-'.length) },
          }),
        );
      } else if (req.url?.startsWith('/api/users.info')) {
        res.end(JSON.stringify({ ok: true, user: { id: params.get('user'), real_name: 'Sam Slack' } }));
      } else {
        res.end(JSON.stringify({ ok: false, error: 'invalid_code' }));
      }
    });
  });
  server.listen(Number(process.env.E2E_SLACK_API_PORT), '127.0.0.1');
  await once(server, 'listening');
  return server;
}

/** Posts a direct message event signed with the shared server's SLACK_SIGNING_SECRET, as Slack would. */
export async function sendSlackDm(request: APIRequestContext, slackUserId: string, text: string) {
  const raw = JSON.stringify({
    type: 'event_callback',
    team_id: 'T0E2E',
    event_id: `Ev${Date.now()}${Math.random().toString(36).slice(2)}`,
    event: { type: 'message', channel_type: 'im', channel: 'D0E2E', user: slackUserId, text, ts: '1.0' },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `v0=${createHmac('sha256', E2E_SLACK.signingSecret).update(`v0:${timestamp}:${raw}`).digest('hex')}`;
  return request.post('/slack/events', {
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': signature,
    },
    data: raw,
  });
}
