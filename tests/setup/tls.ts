import crypto from "node:crypto";

/*
 * A throwaway self-signed TLS certificate for 127.0.0.1, made at test time with node:crypto
 * alone (nothing downloaded, no openssl binary): an ECDSA P-256 key and a minimal X.509 v3
 * certificate (subject alternative names IP 127.0.0.1 and DNS localhost), DER-encoded by hand
 * and signed with SHA-256. Valid from an hour ago for one day.
 */

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const sequence = (...content: Buffer[]) => tlv(0x30, ...content);
const set = (...content: Buffer[]) => tlv(0x31, ...content);
const explicit = (n: number, ...content: Buffer[]) => tlv(0xa0 + n, ...content);

function integer(value: Buffer): Buffer {
  // DER wants the shortest form: no leading zero byte unless the next one has its high bit
  // set (a random serial starting 0x00 0x7f… was refused as "illegal padding", 1 in 512).
  let start = 0;
  while (start < value.length - 1 && value[start] === 0 && !(value[start + 1]! & 0x80)) start++;
  const minimal = value.subarray(start);
  // Positive: a leading zero byte when the high bit is set.
  return tlv(0x02, minimal[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), minimal]) : minimal);
}

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split(".").map(Number);
  const bytes = [first! * 40 + second!];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let v = arc >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function utcTime(date: Date): Buffer {
  const iso = date.toISOString(); // 2026-01-02T03:04:05.678Z
  const text = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return tlv(0x17, Buffer.from(text, "ascii"));
}

const commonName = (name: string) =>
  sequence(set(sequence(oid("2.5.4.3"), tlv(0x0c, Buffer.from(name, "utf8")))));

export interface TestCertificate {
  /** PEM private key (PKCS#8). */
  key: string;
  /** PEM certificate: the server's, and the only trust anchor a client needs. */
  cert: string;
}

export function createSelfSignedCertificate(name = "127.0.0.1"): TestCertificate {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const ecdsaWithSha256 = sequence(oid("1.2.840.10045.4.3.2"));
  const issuer = commonName(name);
  const now = Date.now();
  const subjectAltName = sequence(
    tlv(0x87, Buffer.from([127, 0, 0, 1])),
    tlv(0x82, Buffer.from("localhost", "ascii")),
  );
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))), // v3
    integer(crypto.randomBytes(16)),
    ecdsaWithSha256,
    issuer,
    sequence(utcTime(new Date(now - 3_600_000)), utcTime(new Date(now + 86_400_000))),
    issuer,
    publicKey.export({ type: "spki", format: "der" }),
    explicit(3, sequence(sequence(oid("2.5.29.17"), tlv(0x04, subjectAltName)))),
  );
  const signature = crypto.sign("sha256", tbs, { key: privateKey, dsaEncoding: "der" });
  const der = sequence(tbs, ecdsaWithSha256, tlv(0x03, Buffer.from([0]), signature));
  const base64 = der.toString("base64").replace(/.{64}/g, "$&\n");
  return {
    key: privateKey.export({ type: "pkcs8", format: "pem" }) as string,
    cert: `-----BEGIN CERTIFICATE-----\n${base64.trimEnd()}\n-----END CERTIFICATE-----\n`,
  };
}
