import { generateKeyPairSync } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/** The client the tests register for the test app (NESTBOX_OIDC_CLIENT_ID, …). */
export const TEST_OIDC_CLIENT = { clientId: 'nestbox-test', clientSecret: 'nestbox-test-secret-0123456789' };

/** The test app's address (NESTBOX_APP_URL): the provider sends the browser back there. */
export const TEST_OIDC_APP_URL = 'http://nestbox.test';

/** A person at the provider; `emailVerified` is what its `email_verified` claim says. */
export interface ProviderAccount {
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) on a loopback port, with one client
 * for the test app. Nobody sees its pages: its sign-in step signs in `signInAs` at once, and
 * consent is taken as given. `accounts` can be changed between round trips; `idTokenTtl`
 * (seconds) sets how long the next ID tokens last; `pause` makes it drop every connection, as
 * a provider that is down does.
 */
export async function startTestOidcProvider() {
  const accounts = new Map<string, ProviderAccount>();
  const state = { signInAs: '', idTokenTtl: 3600, paused: false };
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [
      {
        client_id: TEST_OIDC_CLIENT.clientId,
        client_secret: TEST_OIDC_CLIENT.clientSecret,
        redirect_uris: [`${TEST_OIDC_APP_URL}/auth/oidc/callback`],
        post_logout_redirect_uris: [`${TEST_OIDC_APP_URL}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: { IdToken: () => state.idTokenTtl, AccessToken: 600, Grant: 600, Interaction: 600, Session: 3600 },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          ...(account.email === undefined ? {} : { email: account.email }),
          ...(account.emailVerified === undefined ? {} : { email_verified: account.emailVerified }),
          ...(account.name === undefined ? {} : { name: account.name }),
        }),
      };
    },
    // The test app is the provider's own client: nobody is asked to consent.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();

  async function signIn(req: IncomingMessage, res: ServerResponse) {
    await provider.interactionDetails(req, res);
    await provider.interactionFinished(req, res, { login: { accountId: state.signInAs } });
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (state.paused) {
      req.socket.destroy();
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      signIn(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    handle(req, res);
  });

  return {
    issuer,
    accounts,
    /** The account the next sign-in at the provider signs in. */
    signInAs(id: string) {
      state.signInAs = id;
    },
    set idTokenTtl(seconds: number) {
      state.idTokenTtl = seconds;
    },
    pause() {
      state.paused = true;
    },
    resume() {
      state.paused = false;
    },
    /** The environment that points the test app at this provider. */
    env(extra: Record<string, string> = {}): Record<string, string> {
      return {
        NESTBOX_APP_URL: TEST_OIDC_APP_URL,
        NESTBOX_OIDC_ISSUER: issuer,
        NESTBOX_OIDC_CLIENT_ID: TEST_OIDC_CLIENT.clientId,
        NESTBOX_OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT.clientSecret,
        NESTBOX_OIDC_NAME: 'Test ID',
        ...extra,
      };
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export type TestOidcProvider = Awaited<ReturnType<typeof startTestOidcProvider>>;

/** The cookies of one party (a browser's, at one site), as Set-Cookie left them. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const removed = !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (removed) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * A browser's trip through the provider, from its sign-in page to the redirect back to the
 * app: answers the query the provider sends to the app's callback (`?code=…&state=…`).
 */
export async function throughProvider(authorizationUrl: string): Promise<string> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(TEST_OIDC_APP_URL)) return new URL(url).search;
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} at ${url}: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('the provider redirected too many times');
}
