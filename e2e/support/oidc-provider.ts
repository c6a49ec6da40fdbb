import { generateKeyPairSync } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The provider as the journey's server names it (NESTBOX_OIDC_NAME). */
export const E2E_OIDC_NAME = 'Test ID';

/** A person at the provider, signed in by typing `username` on its page. */
export interface ProviderPerson {
  email: string;
  emailVerified: boolean;
  name: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) on a loopback port for one journey's
 * server at `appUrl`: its sign-in page asks for a username of `people`, consent is taken as
 * given, and logging out of it (RP-initiated) returns to the app's login page.
 */
export async function startOidcProvider(appUrl: string) {
  const people = new Map<string, ProviderPerson>();
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = { id: 'nestbox-e2e', secret: 'nestbox-e2e-secret-0123456789' };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [`${appUrl}/auth/oidc/callback`],
        post_logout_redirect_uris: [`${appUrl}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'e2e-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['oidc-provider-e2e-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // The provider asks before it ends its own session, as real ones do.
        logoutSource(ctx, form) {
          ctx.body = page(
            `${E2E_OIDC_NAME}: sign out`,
            `<h1>Sign out of ${E2E_OIDC_NAME}?</h1>${form}
            <button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>`,
          );
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: { IdToken: 600, AccessToken: 600, Grant: 600, Interaction: 600, Session: 3600 },
    async findAccount(_ctx, id) {
      const person = people.get(id);
      if (!person) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: person.email,
          email_verified: person.emailVerified,
          name: person.name,
        }),
      };
    },
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const { uid } = await provider.interactionDetails(req, res);
    if (req.method === 'POST') {
      const username = (await readBody(req)).get('username') ?? '';
      if (people.has(username)) {
        await provider.interactionFinished(req, res, { login: { accountId: username } });
        return;
      }
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      page(
        `${E2E_OIDC_NAME}: sign in`,
        `<h1>Sign in to ${E2E_OIDC_NAME}</h1>
        <form method="post" action="/interaction/${escapeHtml(uid)}">
          <label for="username">Username</label>
          <input id="username" name="username" autocomplete="username" autofocus>
          <button type="submit">Continue</button>
        </form>`,
      ),
    );
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    handle(req, res);
  });

  return {
    issuer,
    people,
    /** The journey's server's environment for this provider. */
    env: {
      NESTBOX_OIDC_ISSUER: issuer,
      NESTBOX_OIDC_CLIENT_ID: client.id,
      NESTBOX_OIDC_CLIENT_SECRET: client.secret,
      NESTBOX_OIDC_NAME: E2E_OIDC_NAME,
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
