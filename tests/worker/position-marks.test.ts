// Open positions on the refresh (decision 333): a refresh of a held symbol over the simulated market marks its open
// spread, fires the profit target once on its crossing (not on the next refresh), as an email in the outbox with the
// reason, the numbers, the quote time and a link to /positions, on a paid plan only; the run after the close stores one
// closing mark per position and session; the market queue's held symbols are refreshed by the same pipeline, marks
// only.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { OpenedPush } from "./fakes/push-service";
import { testEnv, userOnPlan } from "./helpers";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import {
  enqueueHeldSymbols,
  handleMarketBatch,
  heldSymbolMessages,
  MESSAGE_MAX_AGE_MS,
  type MarketMessage,
} from "#app/server/jobs/market-queue.server.ts";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import type { ChainSnapshot } from "#app/server/market/types.server.ts";
import { runHousekeeping } from "#app/server/jobs/housekeeping.server.ts";

// A Monday of the simulated market: open at 11:00 New York, then 16:30 and 16:35 after the close.
const OPEN = Date.parse("2026-11-23T16:00:00Z");
const OPEN_NEXT = OPEN + 5 * 60_000;
const CLOSED = Date.parse("2026-11-23T21:30:00Z");
const SYMBOL = "AAPL";

const refresh = (ms: number) =>
  runMarketRefresh(testEnv, new Date(ms), {
    symbols: [SYMBOL],
    provider: createDemoProvider(() => ms),
    force: true,
  });

async function insertPosition(
  id: string,
  userId: string,
  legs: unknown[],
  credit: number,
  expiration: string,
) {
  await env.DB.prepare(
    `INSERT INTO option_positions (id, user_id, symbol, strategy, status, contracts, legs, open_credit, opened_on,
       expiration, settings, updated_at) VALUES (?1, ?2, ?3, 'BULL_PUT_SPREAD', 'open', 1, ?4, ?5, '2026-11-20', ?6,
       '{}', ?7)`,
  )
    .bind(id, userId, SYMBOL, JSON.stringify(legs), credit, expiration, OPEN)
    .run();
}

const profitEmails = async (to: string) =>
  (
    await env.DB.prepare(
      "SELECT subject, text FROM email_outbox WHERE kind = 'position-alert' AND \"to\" = ?1 AND subject LIKE '%profit target%'",
    )
      .bind(to)
      .all<{ subject: string; text: string }>()
  ).results;

let first: Awaited<ReturnType<typeof runMarketRefresh>>;
let pushDevice = "";

beforeAll(async () => {
  const pro = await userOnPlan("marks-pro@example.com", "Pro Plan");
  const free = await userOnPlan("marks-free@example.com", "Free Plan", "inactive");
  // A third, who takes the profit target by push on a device of the loopback push service (decision 337).
  const pusher = await userOnPlan("marks-push@example.com", "Pro Plan");
  const device = (await (
    await fetch(`${inject("pushOrigin")}/__push/devices`, { method: "POST" })
  ).json()) as {
    id: string;
    endpoint: string;
    keys: { p256dh: string; auth: string };
  };
  pushDevice = device.id;
  // A fourth, on Pro with notifications switched off (the master switch, as the one-click unsubscribe leaves it).
  const quiet = await userOnPlan("marks-quiet@example.com", "Pro Plan");
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO push_devices (id, user_id, endpoint, p256dh, auth, name, created_at) VALUES ('dev-marks', ?1, ?2, ?3, ?4, 'Chrome on Android, added Nov 23', 0)",
    ).bind(pusher.id, device.endpoint, device.keys.p256dh, device.keys.auth),
    env.DB.prepare(
      "INSERT INTO notification_preferences (user_id, preferences, updated_at, enabled, time_zone, next_run_at) VALUES (?1, ?2, 0, 1, 'America/New_York', 0)",
    ).bind(pusher.id, JSON.stringify({ delivery: { profitTarget: "push" } })),
    env.DB.prepare(
      "INSERT INTO notification_preferences (user_id, preferences, updated_at, enabled, time_zone, next_run_at) VALUES (?1, '{}', 0, 0, 'America/New_York', 0)",
    ).bind(quiet.id),
  ]);
  // Read the chain this instant's refresh will see, and open a far out-of-the-money bull put spread whose credit
  // is three times its cost to close now: past the 50% profit target from the first mark.
  await refresh(OPEN);
  const chain = (await env.MARKET_KV.get<ChainSnapshot>(KV_KEYS.chain(SYMBOL), "json"))!;
  const expiration = chain.expirations.find(
    (e) => e.expirationDate >= "2026-12-24" && e.expirationDate <= "2027-01-22",
  )!;
  const puts = expiration.legs
    .filter((l) => l.type === "put" && l.strike < chain.spot * 0.9 && l.bid > 0.05)
    .sort((a, b) => b.strike - a.strike);
  const short = puts[0]!;
  const long = puts.find((l) => l.strike <= short.strike - 5)!;
  const natural = short.ask - long.bid;
  const credit = Math.min(3 * natural, (short.strike - long.strike) * 0.9);
  const legs = [
    { right: "put", side: "short", strike: short.strike, expiration: expiration.expirationDate },
    { right: "put", side: "long", strike: long.strike, expiration: expiration.expirationDate },
  ];
  await insertPosition("pos-pro", pro.id, legs, credit, expiration.expirationDate);
  await insertPosition("pos-free", free.id, legs, credit, expiration.expirationDate);
  await insertPosition("pos-push", pusher.id, legs, credit, expiration.expirationDate);
  await insertPosition("pos-quiet", quiet.id, legs, credit, expiration.expirationDate);
  first = await refresh(OPEN);
}, 60_000);

describe("a refresh of a held symbol", () => {
  it("marks its open positions", () => {
    expect(first.detail).toMatchObject({ positionsMarked: 4, positionMarksStored: 0 });
    expect((first.detail as { positionAlerts: { evaluated: number } }).positionAlerts.evaluated).toBe(3);
  });

  it("fires the profit target once on the crossing, on a paid plan only, with the reason and the quote time", async () => {
    const emails = await profitEmails("marks-pro@example.com");
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toMatch(/^AAPL: profit target reached \(\d+% of the credit\)$/);
    expect(emails[0]!.text).toContain(
      "Why: your profit target is 50% of the credit, read from the quotes of Nov 23, 11:00 AM ET.",
    );
    expect(emails[0]!.text).toMatch(/if closed at the natural price/);
    expect(emails[0]!.text).toContain("/positions");
    expect(await profitEmails("marks-free@example.com")).toHaveLength(0);
    // RFC 8058 one-click unsubscribe, as on the market-event emails: its token switches notifications off.
    const headers = await env.DB.prepare(
      "SELECT headers FROM email_outbox WHERE kind = 'position-alert' AND \"to\" = 'marks-pro@example.com'",
    ).first<{ headers: string }>();
    expect(JSON.parse(headers!.headers)).toMatchObject({
      "List-Unsubscribe": expect.stringMatching(
        /^<https?:\/\/[^>]+\/api\/notifications\/unsubscribe\?token=[^>]+>$/,
      ),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const state = await env.DB.prepare(
      "SELECT state FROM option_position_alert_state WHERE position_id = 'pos-pro'",
    ).first<{
      state: string;
    }>();
    expect(JSON.parse(state!.state).latched).toContain("PROFIT_TARGET");
    // The free plan's position has no alert state at all.
    expect(
      await env.DB.prepare(
        "SELECT 1 FROM option_position_alert_state WHERE position_id = 'pos-free'",
      ).first(),
    ).toBeNull();
  });

  it("sends nothing to a user whose notifications are switched off (no email, no history row)", async () => {
    expect(await profitEmails("marks-quiet@example.com")).toHaveLength(0);
    const history = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM notification_history h JOIN user u ON u.id = h.user_id WHERE u.email = 'marks-quiet@example.com'",
    ).first<{ n: number }>();
    expect(history!.n).toBe(0);
  });

  it("goes by push at once for a user who chose push (urgency high, the quote time, a link to the position), in the history", async () => {
    expect(await profitEmails("marks-push@example.com")).toHaveLength(0);
    const opened = (
      (await (await fetch(`${inject("pushOrigin")}/__push/opened`)).json()) as OpenedPush[]
    ).filter((p) => p.device === pushDevice);
    expect(opened).toHaveLength(1);
    expect(opened[0]!).toMatchObject({ urgency: "high", ttl: "3600", vapid: { aud: inject("pushOrigin") } });
    const payload = JSON.parse(opened[0]!.text as string);
    expect(payload.title).toMatch(/^AAPL: profit target reached/);
    expect(payload.quoteTime).toBe("Nov 23, 11:00 AM ET");
    expect(payload.url).toBe("/positions#position-pos-push");
    const history = await env.DB.prepare(
      "SELECT h.event_type AS eventType, h.alert_type AS alertType, h.status, h.outbox_id AS outboxId FROM notification_history h JOIN user u ON u.id = h.user_id WHERE u.email = ?1",
    )
      .bind("marks-push@example.com")
      .all();
    expect(history.results).toEqual([
      { eventType: "profitTarget", alertType: "position", status: "sent", outboxId: null },
    ]);
    // The email user's alert is in their history too, carried by the email.
    const emailed = await env.DB.prepare(
      "SELECT h.outbox_id AS outboxId FROM notification_history h JOIN user u ON u.id = h.user_id WHERE u.email = ?1",
    )
      .bind("marks-pro@example.com")
      .first<{ outboxId: string | null }>();
    expect(emailed!.outboxId).not.toBeNull();
  });

  it("stays quiet on the next refresh while the target holds, and leaves the state unwritten", async () => {
    const before = await env.DB.prepare(
      "SELECT updated_at FROM option_position_alert_state WHERE position_id = 'pos-pro'",
    ).first<{
      updated_at: number;
    }>();
    const next = await refresh(OPEN_NEXT);
    expect(
      (next.detail as { positionAlerts: { fired: number; statesWritten: number } }).positionAlerts,
    ).toMatchObject({
      fired: 0,
      statesWritten: 0,
    });
    expect(await profitEmails("marks-pro@example.com")).toHaveLength(1);
    const after = await env.DB.prepare(
      "SELECT updated_at FROM option_position_alert_state WHERE position_id = 'pos-pro'",
    ).first<{
      updated_at: number;
    }>();
    expect(after).toEqual(before);
  });

  it("stores one closing mark per position and session after the close", async () => {
    const closing = await refresh(CLOSED);
    expect(closing.detail).toMatchObject({ positionsMarked: 4, positionMarksStored: 4 });
    await refresh(CLOSED + 5 * 60_000);
    const rows = (
      await env.DB.prepare(
        "SELECT position_id, date, mark FROM option_position_marks ORDER BY position_id",
      ).all<{
        position_id: string;
        date: string;
        mark: string;
      }>()
    ).results;
    expect(rows.map((r) => [r.position_id, r.date])).toEqual([
      ["pos-free", "2026-11-23"],
      ["pos-pro", "2026-11-23"],
      ["pos-push", "2026-11-23"],
      ["pos-quiet", "2026-11-23"],
    ]);
    const mark = JSON.parse(rows[1]!.mark);
    expect(mark.pnlNatural).toBeGreaterThan(0);
    expect(mark.legs).toHaveLength(2);
  });

  it("keeps closing marks 400 days (housekeeping)", async () => {
    await env.DB.prepare(
      "INSERT INTO option_position_marks (position_id, date, mark) VALUES ('pos-pro', '2025-01-02', '{}')",
    ).run();
    const run = await runHousekeeping(env, new Date(CLOSED));
    expect(run.detail).toMatchObject({ positionMarksDeleted: 1 });
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM option_position_marks").first<{
      n: number;
    }>();
    expect(left!.n).toBe(4);
  });
});

describe("the market queue", () => {
  it("splits held symbols into a run's worth per message, a minute apart", async () => {
    const symbols = Array.from(
      { length: 30 },
      (_, i) => `Z${String.fromCharCode(65 + (i % 26))}${i < 26 ? "" : "Q"}`,
    );
    const sent: { body: MarketMessage; delaySeconds?: number }[][] = [];
    const queue = {
      sendBatch: async (m: { body: MarketMessage; delaySeconds?: number }[]) => void sent.push(m),
    };
    expect(await enqueueHeldSymbols({ ...testEnv, MARKET_QUEUE: queue as never }, symbols, OPEN)).toBe(2);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((m) => [m.body.symbols.length, m.delaySeconds])).toEqual([
      [25, 60],
      [5, 120],
    ]);
    expect(sent[0]!.flatMap((m) => m.body.symbols)).toEqual(symbols);
    expect(heldSymbolMessages(["AAPL"], 25, OPEN)).toEqual([
      { body: { v: 1, runAt: OPEN, symbols: ["AAPL"] }, delaySeconds: 60 },
    ]);
  });

  it("refreshes a message's symbols (marks only) and acks it; acks a malformed or outdated one without a run", async () => {
    const settled: Record<string, string> = {};
    const message = (id: string, body: unknown) => ({
      id,
      body,
      attempts: 1,
      timestamp: new Date(OPEN_NEXT),
      ack: () => void (settled[id] = "ack"),
      retry: () => void (settled[id] = "retry"),
    });
    const ideasBefore = await env.MARKET_KV.get(KV_KEYS.ideas);
    const at = OPEN_NEXT + 60_000;
    await handleMarketBatch(
      {
        queue: "wheelhouse-market-refresh",
        messages: [
          message("good", { v: 1, runAt: OPEN_NEXT, symbols: [SYMBOL] }),
          message("bad", { v: 1, symbols: "AAPL" }),
          message("old", { v: 1, runAt: at - MESSAGE_MAX_AGE_MS - 1, symbols: [SYMBOL] }),
        ],
        ackAll: () => {},
        retryAll: () => {},
      } as unknown as MessageBatch<unknown>,
      testEnv,
      at,
    );
    expect(settled).toEqual({ good: "ack", bad: "ack", old: "ack" });
    const run = await env.DB.prepare(
      "SELECT ok, detail FROM job_runs WHERE job = 'marketHeldMarks' ORDER BY started_at DESC",
    ).first<{ ok: number; detail: string }>();
    expect(run!.ok).toBe(1);
    expect(JSON.parse(run!.detail)).toMatchObject({ symbols: 1, positionsMarked: 4 });
    // Marks only: the published list is the cron run's.
    expect(await env.MARKET_KV.get(KV_KEYS.ideas)).toEqual(ideasBefore);
  });
});
