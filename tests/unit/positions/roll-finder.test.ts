// The roll finder generalised over where it loads and how it records (rolls-client.ts's RollSource): a wheel
// option's finder reads the wheel route, offers a covered call the strikes below its basis (off until asked) and
// records the wheel ledger's roll, a buy to close then a sell to open the same day, as one write to the wheel's API
// with its words on a refusal; a spread's finder reads the positions route and offers no basis choice. A candidate of a
// wheel option shows its new adjusted basis in place of the max loss.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import RollFinder, { Candidate } from "#app/components/positions/RollFinder.tsx";
import { WheelOptionCard } from "#app/components/positions/WheelOptionCard.tsx";
import type { PositionRecord, WheelOptionView } from "#app/lib/positions/client.ts";
import type { RollCandidate, RollsView } from "#app/lib/positions/rolls.ts";
import { positionRollSource, wheelRollEventsOf, wheelRollSource } from "#app/lib/positions/rolls-client.ts";

const call: WheelOptionView = {
  key: "c1:call:100:2027-02-19",
  campaignId: "c1",
  symbol: "KO",
  kind: "CC",
  strike: 100,
  expiration: "2027-02-19",
  contracts: 2,
  premium: 1.1,
  openedOn: "2027-01-04",
  stockCostPerShare: 103,
};
const candidate: RollCandidate = {
  legs: [{ right: "call", side: "short", strike: 105, expiration: "2027-03-19", quantity: 2 }],
  expiration: "2027-03-19",
  dte: 63,
  newCredit: 2.3456,
  net: 0.5,
  netDollars: 100,
  popPercent: 71,
  breakevens: [101.4],
  maxLoss: null,
  adjustedBasis: 101.4,
  move: "out",
  score: 0.1,
};
const view = { positionId: call.key, symbol: "KO", closeDebit: 1.8456, candidates: [candidate] } as RollsView;

const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);

afterEach(() => vi.unstubAllGlobals());

function stubFetch(answers: { status: number; body: unknown }[]) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({
        url,
        method: init.method ?? "GET",
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      const a = answers.shift() ?? { status: 500, body: {} };
      return new Response(JSON.stringify(a.body), { status: a.status });
    }),
  );
  return calls;
}

describe("the generalised roll finder", () => {
  it("offers a covered call the strikes below its basis, off by default; a spread no such choice", () => {
    const wheel = html(
      createElement(RollFinder, { source: wheelRollSource(call, "2027-01-15", () => {}), onClose() {} }),
    );
    expect(wheel).toContain("Find a roll: KO");
    expect(wheel).toMatch(/<input type="checkbox"[^>]*\/>Allow strikes below my cost basis/);
    expect(wheel).not.toMatch(/<input type="checkbox"[^>]*checked/);
    const position = { id: "p1", symbol: "MSFT", contracts: 1 } as PositionRecord;
    const spread = html(
      createElement(RollFinder, {
        source: positionRollSource(position, "2027-01-15", async () => ({ ok: false }) as never),
        onClose() {},
      }),
    );
    expect(spread).toContain("Find a roll: MSFT");
    expect(spread).not.toContain("Allow strikes below my cost basis");
  });

  it("is offered on a wheel option's card on /positions (with the page's day and reload)", () => {
    const card = html(createElement(WheelOptionCard, { option: call, today: "2027-01-15", onRecorded() {} }));
    expect(card).toContain('aria-label="Find a roll for KO"');
    expect(html(createElement(WheelOptionCard, { option: call }))).not.toContain("Find a roll");
  });

  it("shows a wheel candidate's new adjusted basis in place of the max loss", () => {
    const out = html(createElement(Candidate, { candidate, rank: 1, busy: false, onRecord() {} }));
    expect(out).toContain("New adjusted basis");
    expect(out).toMatch(/data-testid="roll-basis"[^>]*>\$101\.40</);
    const spread = html(
      createElement(Candidate, {
        candidate: { ...candidate, adjustedBasis: null, maxLoss: 320 },
        rank: 1,
        busy: false,
        onRecord() {},
      }),
    );
    expect(spread).toMatch(/data-testid="roll-max-loss"[^>]*>\$320</);
  });

  it("loads a wheel option's candidates from the wheel route, with the basis flag when asked", async () => {
    const calls = stubFetch([{ status: 200, body: view }]);
    const answer = await wheelRollSource(call, "2027-01-15", () => {}).load(true);
    expect(answer).toEqual({ ok: true, view });
    expect(calls[0]!.url).toBe("/api/wheel/options/c1/call%3A100%3A2027-02-19/rolls?allowBelowBasis=1");
  });

  it("records the wheel ledger's roll as one write: the buy to close, then the sell to open, to the cent, the same day", async () => {
    const calls = stubFetch([{ status: 201, body: { status: "success" } }]);
    const onRecorded = vi.fn();
    const answer = await wheelRollSource(call, "2027-01-15", onRecorded).recordRoll(view, candidate);
    expect(answer).toEqual({ ok: true });
    expect(onRecorded).toHaveBeenCalledOnce();
    expect(calls.map((c) => [c.url, c.method])).toEqual([["/api/wheel/ledger", "POST"]]);
    const base = { date: "2027-01-15", symbol: "KO", optionType: "call", contracts: 2 };
    expect(calls[0]!.body).toEqual({
      events: [
        { ...base, kind: "buy_to_close", strike: 100, expiration: "2027-02-19", price: 1.85 },
        { ...base, kind: "sell_to_open", strike: 105, expiration: "2027-03-19", price: 2.35 },
      ],
    });
    expect(wheelRollEventsOf(call, view, candidate, "2027-01-15")).toEqual(
      (calls[0]!.body as { events: unknown[] }).events,
    );
  });

  it('"Close instead" posts the buy to close alone, as a single event', async () => {
    const calls = stubFetch([{ status: 201, body: { status: "success" } }]);
    const answer = await wheelRollSource(call, "2027-01-15", () => {}).recordClose(view);
    expect(answer).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      date: "2027-01-15",
      symbol: "KO",
      optionType: "call",
      contracts: 2,
      kind: "buy_to_close",
      strike: 100,
      expiration: "2027-02-19",
      price: 1.85,
    });
  });

  it("a stale ledger's 409 refuses the roll whole, with the wheel's words, and nothing is reloaded", async () => {
    const stale = "Your ledger changed while saving. Reload and try again.";
    const calls = stubFetch([{ status: 409, body: { status: "error", error: stale } }]);
    const onRecorded = vi.fn();
    const source = wheelRollSource(call, "2027-01-15", onRecorded);
    expect(await source.recordRoll(view, candidate)).toEqual({ ok: false, message: stale, upgrade: false });
    expect(calls).toHaveLength(1);
    expect(onRecorded).not.toHaveBeenCalled();
  });
});
