import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { planChangeTrims } from "#app/server/entitlements.server.ts";
import {
  addSymbol,
  dismissTrimmedNotice,
  loadWatchlist,
  removeSymbol,
  type WatchlistUser,
} from "#app/server/watchlist.server.ts";
import { listWatchlist, watchlistOf } from "#app/server/auth/watchlist-copy.server.ts";

const KNOWN = new Set([
  "AAPL",
  "TSLA",
  "SPY",
  "QQQ",
  "MSFT",
  "COIN",
  "NVDA",
  "AMD",
  "AMZN",
  "META",
  "GOOGL",
  "NFLX",
  "BRK.B",
]);
const known = (s: string) => KNOWN.has(s);

let n = 0;
async function makeUser(tier: string, status: string): Promise<WatchlistUser> {
  const id = `wl-user-${++n}`;
  await env.DB.prepare(
    "insert into user (id, name, email, subscription_tier, subscription_status, created_at, updated_at) values (?, ?, ?, ?, ?, 0, 0)",
  )
    .bind(id, id, `${id}@example.com`, tier, status)
    .run();
  return { id, subscriptionTier: tier, subscriptionStatus: status };
}

async function fill(user: WatchlistUser, symbols: string[]) {
  for (const s of symbols)
    expect(await addSymbol(env, user, s, known)).toMatchObject({ ok: true, symbol: s });
}

describe("adding symbols", () => {
  it("trims, upper-cases and keeps the order", async () => {
    const user = await makeUser("Pro Plan", "active");
    await fill(user, ["TSLA"]);
    expect(await addSymbol(env, user, "  aapl ", known)).toEqual({ ok: true, symbol: "AAPL" });
    await fill(user, ["SPY"]);
    expect(await listWatchlist(env, user.id)).toEqual(["TSLA", "AAPL", "SPY"]);
  });

  it("ignores empty or whitespace input", async () => {
    const user = await makeUser("Pro Plan", "active");
    expect(await addSymbol(env, user, "   ", known)).toEqual({ ok: true, ignored: true });
    expect(await listWatchlist(env, user.id)).toEqual([]);
  });

  it("rejects duplicates case-insensitively with the product's message", async () => {
    const user = await makeUser("Pro Plan", "active");
    await fill(user, ["AAPL"]);
    expect(await addSymbol(env, user, "aapl", known)).toMatchObject({
      ok: false,
      reason: "duplicate",
      message: "AAPL is already in your watchlist",
    });
  });

  it("rejects symbols the market does not know, and malformed input", async () => {
    const user = await makeUser("Pro Plan", "active");
    expect(await addSymbol(env, user, "zzzz", known)).toMatchObject({
      ok: false,
      reason: "unknown",
      message: expect.stringContaining("ZZZZ"),
    });
    expect(await addSymbol(env, user, "<script>", known)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await listWatchlist(env, user.id)).toEqual([]);
  });
});

describe("plan limits", () => {
  it("Free: 3 symbols, then 'Upgrade to PRO' with a redirect to /pricing", async () => {
    const user = await makeUser("Free Plan", "inactive");
    await fill(user, ["AAPL", "TSLA", "SPY"]);
    expect(await addSymbol(env, user, "QQQ", known)).toEqual({
      ok: false,
      reason: "limit",
      message: "Upgrade to PRO to track up to 10 symbols",
      redirectTo: "/pricing",
    });
    expect(await listWatchlist(env, user.id)).toHaveLength(3);
  });

  it("a cancelled Pro subscriber is treated as Free", async () => {
    const user = await makeUser("Pro Plan", "inactive");
    await fill(user, ["AAPL", "TSLA", "SPY"]);
    expect(await addSymbol(env, user, "QQQ", known)).toMatchObject({
      reason: "limit",
      message: "Upgrade to PRO to track up to 10 symbols",
    });
  });

  it("Pro (and a Pro trial): 10 symbols, then 'Upgrade to Elite'", async () => {
    const user = await makeUser("Pro Plan", "trialing");
    await fill(user, ["AAPL", "TSLA", "SPY", "QQQ", "MSFT", "COIN", "NVDA", "AMD", "AMZN", "META"]);
    expect(await addSymbol(env, user, "GOOGL", known)).toEqual({
      ok: false,
      reason: "limit",
      message: "Upgrade to Elite to track up to 50 symbols",
      redirectTo: "/pricing",
    });
  });

  it("Elite: 50 symbols, then the maximum message with no redirect", async () => {
    const user = await makeUser("Elite Plan", "active");
    // Fill directly: 50 distinct rows.
    const stmts = Array.from({ length: 50 }, (_, i) =>
      env.DB.prepare(
        "insert into watchlist_symbols (user_id, symbol, position, created_at) values (?, ?, ?, 0)",
      ).bind(user.id, `S${i}`, i),
    );
    await env.DB.batch(stmts);
    expect(await addSymbol(env, user, "AAPL", known)).toEqual({
      ok: false,
      reason: "limit",
      message: "You have reached the maximum number of symbols for your plan",
      redirectTo: null,
    });
  });

  it("concurrent adds never exceed the limit", async () => {
    const user = await makeUser("Free Plan", "inactive");
    const results = await Promise.all(
      ["AAPL", "TSLA", "SPY", "QQQ", "MSFT", "COIN", "NVDA"].map((s) => addSymbol(env, user, s, known)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok && r.reason === "limit")).toHaveLength(4);
    expect(await listWatchlist(env, user.id)).toHaveLength(3);
  });

  it("concurrent adds of the same symbol store it once", async () => {
    const user = await makeUser("Pro Plan", "active");
    const results = await Promise.all([1, 2, 3].map(() => addSymbol(env, user, "AAPL", known)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await listWatchlist(env, user.id)).toEqual(["AAPL"]);
  });
});

describe("trimming on downgrade (decision 141)", () => {
  it("reading never trims: the loader shows what is stored", async () => {
    const user = await makeUser("Pro Plan", "active");
    await fill(user, ["TSLA", "AAPL", "SPY", "QQQ", "MSFT"]);
    const view = await loadWatchlist(env, { ...user, subscriptionStatus: "inactive" });
    expect(view).toMatchObject({ plan: "Free Plan", limit: 3, trimmedMessage: null });
    expect(await listWatchlist(env, user.id)).toHaveLength(5);
  });

  it("the plan change keeps the first symbols in order and leaves a notice until it is dismissed", async () => {
    const user = await makeUser("Pro Plan", "active");
    await fill(user, ["TSLA", "AAPL", "SPY", "QQQ", "MSFT"]);
    await env.DB.batch([
      env.DB.prepare("UPDATE user SET subscription_status = 'inactive' WHERE id = ?1").bind(user.id),
      ...planChangeTrims(env, user.id),
    ]);
    const downgraded = { ...user, subscriptionStatus: "inactive" };
    const view = await loadWatchlist(env, downgraded);
    expect(view).toEqual({
      symbols: ["TSLA", "AAPL", "SPY"],
      plan: "Free Plan",
      limit: 3,
      trimmedMessage: "Your Free Plan allows up to 3 symbols. Some symbols have been removed.",
    });
    expect((await loadWatchlist(env, downgraded)).trimmedMessage).not.toBeNull();
    await dismissTrimmedNotice(env, user.id);
    expect((await loadWatchlist(env, downgraded)).trimmedMessage).toBeNull();
    // A list within its limit is left alone and gets no notice.
    await env.DB.batch(planChangeTrims(env, user.id));
    expect(await listWatchlist(env, user.id)).toEqual(["TSLA", "AAPL", "SPY"]);
    expect((await loadWatchlist(env, downgraded)).trimmedMessage).toBeNull();
  });
});

describe("removing symbols", () => {
  it("removes one symbol and keeps the others' order", async () => {
    const user = await makeUser("Pro Plan", "active");
    await fill(user, ["TSLA", "AAPL", "SPY"]);
    expect(await removeSymbol(env, user.id, "aapl")).toEqual({ removed: true });
    expect(await listWatchlist(env, user.id)).toEqual(["TSLA", "SPY"]);
    expect(await removeSymbol(env, user.id, "AAPL")).toEqual({ removed: false });
    await fill(user, ["QQQ"]);
    expect(await listWatchlist(env, user.id)).toEqual(["TSLA", "SPY", "QQQ"]);
  });

  it("cannot remove another user's symbol", async () => {
    const owner = await makeUser("Pro Plan", "active");
    const other = await makeUser("Pro Plan", "active");
    await fill(owner, ["AAPL"]);
    expect(await removeSymbol(env, other.id, "AAPL")).toEqual({ removed: false });
    expect(await listWatchlist(env, owner.id)).toEqual(["AAPL"]);
  });
});

describe("the copy on the user row, read with the session (decision 209)", () => {
  async function copyOf(userId: string): Promise<string[]> {
    const row = await env.DB.prepare("SELECT watchlist_symbols_json AS json FROM user WHERE id = ?1")
      .bind(userId)
      .first<{ json: string }>();
    return JSON.parse(row!.json) as string[];
  }

  it("follows every change to the table, in the list's order, whoever makes it", async () => {
    const user = await makeUser("Pro Plan", "active");
    const other = await makeUser("Pro Plan", "active");
    expect(await copyOf(user.id)).toEqual([]);
    await fill(user, ["TSLA", "AAPL", "SPY", "QQQ", "MSFT"]);
    await fill(other, ["NVDA"]);
    expect(await copyOf(user.id)).toEqual(["TSLA", "AAPL", "SPY", "QQQ", "MSFT"]);
    await removeSymbol(env, user.id, "AAPL");
    expect(await copyOf(user.id)).toEqual(["TSLA", "SPY", "QQQ", "MSFT"]);
    // A reorder written straight to the table (no such screen yet) is followed too.
    await env.DB.prepare("UPDATE watchlist_symbols SET position = -1 WHERE user_id = ?1 AND symbol = 'MSFT'")
      .bind(user.id)
      .run();
    expect(await copyOf(user.id)).toEqual(["MSFT", "TSLA", "SPY", "QQQ"]);
    // The downgrade trim (one statement deleting several rows).
    await env.DB.batch([
      env.DB.prepare("UPDATE user SET subscription_status = 'inactive' WHERE id = ?1").bind(user.id),
      ...planChangeTrims(env, user.id),
    ]);
    expect(await copyOf(user.id)).toEqual(["MSFT", "TSLA", "SPY"]);
    expect(await copyOf(user.id)).toEqual(await listWatchlist(env, user.id));
    // Nobody else's copy moved.
    expect(await copyOf(other.id)).toEqual(["NVDA"]);
  });

  it("watchlistOf reads the copy the session brought, and the table when there is none", async () => {
    const user = await makeUser("Pro Plan", "active");
    await fill(user, ["TSLA", "AAPL"]);
    // The copy is what the session read: no query (a stale copy here proves it was used).
    expect(await watchlistOf(env, { id: user.id, watchlistSymbolsJson: '["SPY"]' })).toEqual(["SPY"]);
    for (const missing of [undefined, null, "not json", '{"a":1}', "[1,2]"])
      expect(await watchlistOf(env, { id: user.id, watchlistSymbolsJson: missing })).toEqual([
        "TSLA",
        "AAPL",
      ]);
  });
});
