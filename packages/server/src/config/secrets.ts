import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the server generates once and keeps in the data directory, so tokens survive a
 * restart without any configuration. An environment value always wins.
 */
export interface Secrets {
  jwtSecret: string;
  /** Web Push (VAPID) key pair, base64url: the public key is what browsers subscribe with. */
  vapid: { publicKey: string; privateKey: string };
}

/** A fresh P-256 key pair as Web Push wants it: the public key uncompressed, both base64url. */
function newVapidKeys(): Secrets['vapid'] {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // 32 bytes, with the leading zeros the key may have (getPrivateKey leaves them out).
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  };
}

const FILE_NAME = 'secrets.json';

/** Reads `<dataDir>/secrets.json`, creating it (mode 0600) with fresh random values if absent. */
export function loadSecrets(
  dataDir: string,
  overrides: { jwtSecret?: string | undefined; vapid?: Secrets['vapid'] | undefined } = {},
): Secrets {
  const file = path.join(dataDir, FILE_NAME);
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const missing = {
    ...(stored.jwtSecret ? {} : { jwtSecret: randomBytes(48).toString('base64url') }),
    ...(stored.vapid?.publicKey && stored.vapid.privateKey ? {} : { vapid: newVapidKeys() }),
  };
  if (Object.keys(missing).length > 0) {
    stored = { ...stored, ...missing };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return {
    jwtSecret: overrides.jwtSecret ?? stored.jwtSecret ?? '',
    vapid: overrides.vapid ?? stored.vapid ?? newVapidKeys(),
  };
}
