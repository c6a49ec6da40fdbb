import { describe, expect, it } from 'vitest';
import { decryptToken, encryptToken, isValidSlackSignature, signSlackRequest } from './slack-signature.js';

const SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
const NOW = 1_700_000_000_000;
const at = (offsetSeconds: number) => String(Math.floor(NOW / 1000) + offsetSeconds);

describe('Slack request signatures', () => {
  it("matches Slack's documented v0 format", () => {
    // The example of Slack's "Verifying requests" guide.
    const body =
      'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c';
    expect(signSlackRequest(SECRET, '1531420618', body)).toBe(
      'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503',
    );
  });

  it('accepts a fresh, correctly signed body and refuses everything else', () => {
    const body = '{"type":"event_callback"}';
    const headers = (timestamp: string, secret = SECRET, signed = body) => ({
      timestamp,
      signature: signSlackRequest(secret, timestamp, signed),
    });
    expect(isValidSlackSignature(SECRET, headers(at(-10)), body, NOW)).toBe(true);
    expect(isValidSlackSignature(SECRET, headers(at(-299)), body, NOW)).toBe(true);
    expect(isValidSlackSignature(SECRET, headers(at(-301)), body, NOW)).toBe(false);
    expect(isValidSlackSignature(SECRET, headers(at(301)), body, NOW)).toBe(false);
    expect(isValidSlackSignature(SECRET, headers(at(0), 'other-secret'), body, NOW)).toBe(false);
    expect(isValidSlackSignature(SECRET, headers(at(0), SECRET, '{}'), body, NOW)).toBe(false);
    expect(isValidSlackSignature(SECRET, { timestamp: at(0), signature: undefined }, body, NOW)).toBe(false);
    expect(isValidSlackSignature(SECRET, { timestamp: 'soon', signature: 'v0=00' }, body, NOW)).toBe(false);
    expect(isValidSlackSignature(SECRET, { timestamp: at(0), signature: 'v0=short' }, body, NOW)).toBe(false);
  });
});

describe('stored Slack tokens', () => {
  it('round-trip, never hold the token in clear, and refuse another key or a tampered value', () => {
    const sealed = encryptToken('server-secret', 'xoxb-123');
    expect(sealed).not.toContain('xoxb');
    expect(encryptToken('server-secret', 'xoxb-123')).not.toBe(sealed);
    expect(decryptToken('server-secret', sealed)).toBe('xoxb-123');
    expect(() => decryptToken('another-secret', sealed)).toThrow();
    const [iv, tag, data] = sealed.split('.');
    expect(() => decryptToken('server-secret', [iv, tag, `${data}A`].join('.'))).toThrow();
  });
});
