// Re-exports the demo accounts for Node scripts (the TypeScript module is the source of truth).
import { readFileSync } from "node:fs";

const source = readFileSync(new URL("../app/lib/demo-accounts.ts", import.meta.url), "utf8");
export const DEMO_ACCOUNTS = [
  ...source.matchAll(/email: "([^"]+)", password: "([^"]+)", name: "[^"]+", kind: "([^"]+)"/g),
].map(([, email, password, kind]) => ({ email, password, kind }));
