// `node scripts/vapid-keys.mjs`: a new VAPID key pair for Web Push (decision 335), base64url, in the form the
// Worker reads (VAPID_PUBLIC_KEY: the uncompressed P-256 point; VAPID_PRIVATE_KEY: the private scalar). Set the
// private key with `npx wrangler secret put VAPID_PRIVATE_KEY --env production`.
import { webcrypto as crypto } from "node:crypto";

const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
  "sign",
  "verify",
]);
const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
console.log(`VAPID_PUBLIC_KEY=${Buffer.from(raw).toString("base64url")}`);
console.log(`VAPID_PRIVATE_KEY=${jwk.d}`);
