import crypto from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/*
 * A software passkey for integration tests (decision 036): an ES256 key made with node:crypto
 * that answers WebAuthn challenges as a browser and authenticator would ("none" attestation,
 * CBOR by the server library's own encoder), so the server's checks run on real responses:
 * the signature, the challenge, the origin, the RP ID hash, the flags and the counter.
 */

type Cbor = Parameters<typeof isoCBOR.encode>[0];

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => crypto.createHash("sha256").update(data).digest();

/** Flags of authenticator data: user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface Ceremony {
  /** The page's origin the browser reports in clientDataJSON. */
  origin?: string;
  /** The RP ID whose hash the authenticator signs. */
  rpId?: string;
  /** Signature counter to report (0: the authenticator keeps none). */
  counter?: number;
  /** Clear the user-verified flag. */
  unverified?: boolean;
}

export class SoftwarePasskey {
  readonly credentialId = crypto.randomBytes(16);
  readonly #keys = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  userHandle: Uint8Array | null = null;

  constructor(readonly defaults: { origin: string; rpId: string }) {}

  get id() {
    return b64url(this.credentialId);
  }

  #cosePublicKey(): Uint8Array {
    const jwk = this.#keys.publicKey.export({ format: "jwk" });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
  }

  #authData(rpId: string, flags: number, counter: number, attested?: Uint8Array) {
    const head = Buffer.alloc(37);
    sha256(rpId).copy(head, 0);
    head[32] = flags;
    head.writeUInt32BE(counter, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  }

  #clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The browser's answer to registration options (`challenge` from them). */
  register(challenge: string, ceremony: Ceremony = {}) {
    const origin = ceremony.origin ?? this.defaults.origin;
    const rpId = ceremony.rpId ?? this.defaults.rpId;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.#cosePublicKey(),
    ]);
    const flags = UP | AT | (ceremony.unverified ? 0 : UV);
    const authData = this.#authData(rpId, flags, ceremony.counter ?? 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map<string, Cbor>()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.#clientData("webauthn.create", challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** The browser's answer to sign-in options: a signature over authData and the client data. */
  signIn(challenge: string, ceremony: Ceremony = {}) {
    const origin = ceremony.origin ?? this.defaults.origin;
    const rpId = ceremony.rpId ?? this.defaults.rpId;
    const flags = UP | (ceremony.unverified ? 0 : UV);
    const authData = this.#authData(rpId, flags, ceremony.counter ?? 0);
    const clientDataJSON = this.#clientData("webauthn.get", challenge, origin);
    const signature = crypto
      .createSign("SHA256")
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(this.#keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: b64url(this.userHandle) } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
