import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The Slack app the tests configure (SLACK_CLIENT_ID, …) and the workspace the stand-in links to. */
export const TEST_SLACK = {
  clientId: 'client-123',
  clientSecret: 'client-secret-456',
  signingSecret: 'test-signing-secret-0123456789',
  team: { id: 'T0TEAM', name: 'Acme Workspace' },
} as const;

/**
 * A stand-in for Slack's Web API on a loopback port: `oauth.v2.access` exchanges
 * `code-<slackUserId>` (from the test app's client) for that user's link, `users.info` names
 * the user, anything else answers 404. `calls` keeps every request's form body.
 */
export async function startSlackStandIn() {
  const calls: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const params = new URLSearchParams(body);
      calls.push(params);
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/api/oauth.v2.access')) {
        const code = params.get('code') ?? '';
        const goodClient =
          params.get('client_id') === TEST_SLACK.clientId &&
          params.get('client_secret') === TEST_SLACK.clientSecret;
        if (!goodClient || !code.startsWith('code-')) {
          res.end(JSON.stringify({ ok: false, error: 'invalid_code' }));
          return;
        }
        res.end(
          JSON.stringify({
            ok: true,
            access_token: 'xoxb-secret-token',
            token_type: 'bot',
            scope: 'im:history,users:read',
            team: TEST_SLACK.team,
            authed_user: { id: code.slice('code-'.length) },
          }),
        );
        return;
      }
      if (req.url?.startsWith('/api/users.info')) {
        res.end(
          JSON.stringify({
            ok: true,
            user: { id: params.get('user'), name: 'ann.s', real_name: 'Ann Slack' },
          }),
        );
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ ok: false, error: 'unknown_method' }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/api`, calls };
}
