/** The auth module's public face for other modules: checking a session token, hashing, issuing links. */
export { insertAccountToken } from './account-tokens.repository.js';
export { type AuthService, createAuthService, refuseWeakPassword } from './auth.service.js';
export { isSessionLive, sessionForToken } from './authenticate.js';
export { hashPassword } from './password-hasher.js';
export { signSessionToken } from './session-tokens.js';
