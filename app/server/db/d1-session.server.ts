// The request's D1 session (decision 285), reached by every query without threading it through the code: the env
// the request context hands out has a `DB` that sends each prepare/batch to the running request's session
// (AsyncLocalStorage) and to the binding outside one (cron, queues, tests that call a loader directly). Derived
// once per env object, so the per-env memos (drizzle, better-auth) are still built once per isolate.
import { AsyncLocalStorage } from "node:async_hooks";

const running = new AsyncLocalStorage<D1DatabaseSession>();

/** Runs `fn` (a whole request) with its queries in `session`. */
export function runInD1Session<T>(session: D1DatabaseSession, fn: () => T): T {
  return running.run(session, fn);
}

const facades = new WeakMap<D1Database, D1Database>();

/** The binding seen through the running request's D1 session, when there is one. */
export function sessionAwareD1(binding: D1Database): D1Database {
  const hit = facades.get(binding);
  if (hit) return hit;
  const target = () => running.getStore() ?? binding;
  const facade = {
    // raw SQL: the facade passes every statement (drizzle's too) to the request's D1 session.
    prepare: (query: string) => target().prepare(query),
    batch: <T = unknown>(statements: D1PreparedStatement[]) => target().batch<T>(statements),
    exec: (query: string) => binding.exec(query),
    withSession: (constraintOrBookmark?: string) => binding.withSession(constraintOrBookmark),
    dump: () => binding.dump(),
  } as D1Database;
  facades.set(binding, facade);
  return facade;
}

const envs = new WeakMap<object, object>();

/** The env with its `DB` session-aware; the same object for the same env. */
export function withSessionAwareDb<E extends { DB: D1Database }>(env: E): E {
  const hit = envs.get(env) as E | undefined;
  if (hit) return hit;
  const derived = { ...env, DB: sessionAwareD1(env.DB) };
  envs.set(env, derived);
  return derived;
}
