import { execFileSync } from "node:child_process";
import { createPrivateKey, generateKeyPairSync, X509Certificate, type KeyObject } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Keys for a test run, made fresh in the set-up (no key is ever committed). */
export type WechatPayTestKeys = {
  merchant: { privateKey: KeyObject; publicKey: KeyObject; privatePem: string; serialNo: string };
  platform: { privateKey: KeyObject; certificatePem: string; serial: string; publicPem: string };
  apiV3Key: string;
};

/**
 * A merchant RSA key pair (node:crypto) and a self-signed platform certificate. node:crypto can
 * read certificates but not issue them and @peculiar/x509 is not a dependency, so the certificate
 * comes from the openssl command line into a temporary directory that is removed at once.
 */
export function makeWechatPayTestKeys(): WechatPayTestKeys {
  const merchant = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const dir = mkdtempSync(join(tmpdir(), "wxpay-test-"));
  try {
    const keyPath = join(dir, "platform-key.pem");
    const certPath = join(dir, "platform-cert.pem");
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", keyPath, "-out", certPath, "-days", "2", "-subj", "/CN=Tenpay.com Root CA fake/O=Tenpay fake"], { stdio: "ignore" });
    const certificatePem = readFileSync(certPath, "utf8");
    const certificate = new X509Certificate(certificatePem);
    return {
      merchant: {
        privateKey: merchant.privateKey,
        publicKey: merchant.publicKey,
        privatePem: merchant.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
        serialNo: "3775B6A45ACD588826D15E583A95F5DD2B3F11A0",
      },
      platform: {
        privateKey: createPrivateKey(readFileSync(keyPath, "utf8")),
        certificatePem,
        serial: certificate.serialNumber.toUpperCase(),
        publicPem: certificate.publicKey.export({ type: "spki", format: "pem" }).toString(),
      },
      apiV3Key: "0123456789abcdefABCDEF0123456789",
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
