// Shared helpers for the project's scripts (no dependencies beyond Node).
import { spawn, spawnSync } from "node:child_process";

export const quietEnv = {
  ...process.env,
  // Offline, quiet starts (workerd otherwise fetches Request.cf data and sends wrangler metrics): no Request.cf fetch, no wrangler metrics.
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};

export function bin(name) {
  return `node_modules/.bin/${name}`;
}

export function run(cmd, args, opts = {}) {
  const res = spawnSync(bin(cmd), args, { stdio: "inherit", env: quietEnv, ...opts });
  if (res.status !== 0) {
    console.error(`\n${cmd} ${args.join(" ")} failed (exit ${res.status})`);
    process.exit(res.status ?? 1);
  }
}

export function start(cmd, args, opts = {}) {
  return spawn(bin(cmd), args, { stdio: "inherit", env: quietEnv, ...opts });
}

export async function waitFor(url, { timeoutMs = 90_000, intervalMs = 500 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
      lastError = new Error(`HTTP ${res.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${lastError?.message ?? "no answer"}`);
}

/** Calls the dev-only seed endpoint of a running local server and prints the demo accounts. */
export async function seed(origin) {
  const res = await fetch(`${origin}/__dev/seed`, { method: "POST", headers: { Origin: origin } });
  if (!res.ok) throw new Error(`seed failed: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}
