/** Configuration the e2e servers start with (playwright.config.ts) that specs need too. */

/** The Slack app the shared server knows; its Web API is a stand-in on E2E_SLACK_API_PORT. */
export const E2E_SLACK = {
  clientId: 'e2e-client-id',
  clientSecret: 'e2e-client-secret',
  signingSecret: 'e2e-signing-secret-0123456789',
} as const;

/** The administrator of the re-seed server (NESTBOX_ADMIN_EMAIL / NESTBOX_ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: 'admin@e2e.nestbox.test', password: 'Admin-Otter-Compass-93' } as const;
