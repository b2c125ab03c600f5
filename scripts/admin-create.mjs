// `npm run admin:create -- <email> [--remote] [--env <name>]`
// Makes an existing account an admin: role 'admin' (better-auth admin plugin) AND a row in `admins`
// (both are required, docs/product/admin.md#who-is-an-admin). Local D1 by default; --remote runs the same
// against the deployed D1. The person signs up first (at /signup), so their password is hashed by the app,
// never by this script.
import { spawnSync } from "node:child_process";
import { bin, quietEnv } from "./lib.mjs";

const args = process.argv.slice(2);
const remote = args.includes("--remote");
const envIndex = args.indexOf("--env");
const envName = envIndex >= 0 ? args[envIndex + 1] : undefined;
const email = args
  .filter((a, i) => !a.startsWith("--") && !(envIndex >= 0 && i === envIndex + 1))[0]
  ?.trim()
  .toLowerCase();

// A strict shape keeps the address safe to place in SQL (no quotes, spaces or semicolons).
if (!email || !/^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/.test(email)) {
  console.error("Usage: npm run admin:create -- <email> [--remote] [--env <name>]");
  process.exit(2);
}

const target = [remote ? "--remote" : "--local", ...(envName ? ["--env", envName] : [])];

function d1(sql) {
  const res = spawnSync(bin("wrangler"), ["d1", "execute", "DB", ...target, "--json", "--command", sql], {
    env: quietEnv,
    encoding: "utf8",
  });
  if (res.status !== 0) {
    console.error(res.stderr || res.stdout);
    console.error(
      `wrangler d1 execute failed (exit ${res.status})${remote ? "" : ". Run `npm run db:migrate` first if the local database is new."}`,
    );
    process.exit(res.status ?? 1);
  }
  return JSON.parse(res.stdout);
}

const [found] = d1(`SELECT id, role FROM user WHERE email = '${email}'`);
if (!found?.results?.length) {
  console.error(`No account with the email ${email} in the ${remote ? "remote" : "local"} database.`);
  console.error("Sign up with that address first (at /signup), then run this command again.");
  process.exit(1);
}

// Admins get no promotional trial (docs/decisions/130-admins-without-the-automatic-trial.md): one running
// since their sign-up ends now; a paid subscription (it has a subscription id) is left alone.
d1(
  `UPDATE user SET role = 'admin',
     subscription_tier = CASE WHEN subscription_status = 'trialing' AND subscription_id IS NULL THEN coalesce(last_subscription_tier, 'Free Plan') ELSE subscription_tier END,
     trial_end = CASE WHEN subscription_status = 'trialing' AND subscription_id IS NULL THEN NULL ELSE trial_end END,
     subscription_status = CASE WHEN subscription_status = 'trialing' AND subscription_id IS NULL THEN 'inactive' ELSE subscription_status END,
     has_used_trial = 1
   WHERE email = '${email}'; INSERT INTO admins (email) VALUES ('${email}') ON CONFLICT(email) DO NOTHING;`,
);
console.log(`${email} is now an admin (${remote ? "remote" : "local"} D1). Sign in at /admin/login.`);
