/**
 * The tokens module's public face: the service (created in app.ts) and what `authenticate`
 * needs to tell an API token from a session token and to find who it speaks for.
 */
export {
  type ApiTokenCaller,
  apiTokenCaller,
  createTokensService,
  isApiToken,
  type TokensService,
} from './tokens.service.js';
