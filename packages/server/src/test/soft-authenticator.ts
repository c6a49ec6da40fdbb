import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** A credential the authenticator holds: its key pair, whose it is, and its signature counter. */
interface Credential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** The flags byte of authenticator data (WebAuthn §6.1). */
const FLAG = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attested: 0x40 };

/**
 * A platform authenticator in software, as WebAuthn Level 2 describes one: it makes ES256
 * key pairs ("none" attestation), keeps them as discoverable credentials, and signs assertions
 * with a counter. It speaks the JSON the browser library sends, so the API tests exercise the
 * server's checks (origin, RP ID, challenge, signature, counter, user verification) end to end;
 * the journeys use Chromium's own virtual authenticator.
 */
export function createSoftAuthenticator(origin: string) {
  const rpIdOf = (options: { rp?: { id?: string }; rpId?: string }) =>
    options.rp?.id ?? options.rpId ?? new URL(origin).hostname;
  const credentials = new Map<string, Credential>();

  function authData(rpId: string, flags: number, counter: number, attested?: Buffer) {
    const head = Buffer.alloc(37);
    sha256(rpId).copy(head, 0);
    head.writeUInt8(flags, 32);
    head.writeUInt32BE(counter, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  }

  function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, from: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));
  }

  return {
    credentials,

    /** Answers `navigator.credentials.create()` for these options. */
    register(
      options: PublicKeyCredentialCreationOptionsJSON,
      { verified = true, from = origin }: { verified?: boolean; from?: string } = {},
    ): RegistrationResponseJSON {
      const rpId = rpIdOf(options);
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const idBytes = randomBytes(16);
      const credential: Credential = {
        id: b64url(idBytes),
        rpId,
        userHandle: options.user.id,
        privateKey,
        publicKey,
        counter: 0,
      };
      credentials.set(credential.id, credential);
      const cose = new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(idBytes.length);
      const attested = Buffer.concat([
        Buffer.alloc(16),
        idLength,
        idBytes,
        Buffer.from(isoCBOR.encode(cose)),
      ]);
      const flags =
        FLAG.userPresent | FLAG.attested | FLAG.backupEligible | (verified ? FLAG.userVerified : 0);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData(rpId, flags, 0, attested))],
        ]) as Parameters<typeof isoCBOR.encode>[0],
      );
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, from)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /**
     * Answers `navigator.credentials.get()`: with the given credential, or the first this
     * authenticator holds that the options allow. The counter moves on by `counterStep`.
     */
    authenticate(
      options: PublicKeyCredentialRequestOptionsJSON,
      {
        credentialId,
        verified = true,
        from = origin,
        counterStep = 1,
      }: { credentialId?: string; verified?: boolean; from?: string; counterStep?: number } = {},
    ): AuthenticationResponseJSON {
      const rpId = rpIdOf(options);
      const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
      const credential =
        (credentialId && credentials.get(credentialId)) ||
        [...credentials.values()].find(
          (c) => c.rpId === rpId && (allowed.length === 0 || allowed.includes(c.id)),
        );
      if (!credential) throw new Error('the soft authenticator holds no credential for these options');
      credential.counter += counterStep;
      const data = authData(
        rpId,
        FLAG.userPresent | FLAG.backupEligible | (verified ? FLAG.userVerified : 0),
        credential.counter,
      );
      const client = clientData('webauthn.get', options.challenge, from);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), credential.privateKey);
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}

export type SoftAuthenticator = ReturnType<typeof createSoftAuthenticator>;
