// The words a payload ships beside the engine's codes are attached by the server (decision 323): the engine's
// results carry none, the labelled payloads carry the same words the engine used to write.
import { describe, expect, it } from "vitest";
import {
  cleanChain,
  eventsBeforeExpiration,
  screenCashSecuredPuts,
  screenCoveredCalls,
  screenCreditSpreads,
} from "#app/engine/index.ts";
import {
  CC_ITM_METHOD,
  EVENT_TITLES,
  FILL_BASIS_LABEL,
  MODEL_DESCRIPTION,
  PROBABILITY_LABEL,
  WIN_PROBABILITY_METHOD,
} from "#app/lib/model-labels.ts";
import { labelSpreadIdea, labelWheelCandidates } from "#app/server/market/payload-labels.server.ts";
import { syntheticChain } from "../engine/fixtures/synthetic-chain";

const asOf = "2026-03-02T15:00:00.000Z";
const clean = cleanChain(syntheticChain({ asOf, spot: 100, seed: 7 }), {
  riskFreeRate: 0.04,
  dividendYield: 0.01,
});

describe("payload labels", () => {
  it("the engine's results carry codes, not the words", () => {
    expect(clean.assumptions).not.toHaveProperty("model");
    const idea = screenCreditSpreads(clean, { minDte: 1, maxDte: 60 })[0]!;
    expect(idea).not.toHaveProperty("fill_basis_label");
    expect(idea).not.toHaveProperty("probability_label");
    const events = eventsBeforeExpiration(
      { ...clean, earningsDate: "2026-03-10", exDividendDate: "2026-03-12" },
      "2026-03-19",
    );
    expect(events.list).toEqual([
      { date: "2026-03-10", kind: "EARNINGS" },
      { date: "2026-03-12", kind: "EX_DIVIDEND" },
    ]);
  });

  it("a spread idea gets the fill basis's and probability's words, the model and the events' titles", () => {
    const ideas = screenCreditSpreads(clean, { minDte: 1, maxDte: 60 });
    expect(ideas.length).toBeGreaterThan(0);
    for (const idea of ideas) {
      const events = eventsBeforeExpiration(
        { ...clean, earningsDate: "2026-03-10", exDividendDate: "2026-03-12" },
        idea.expiration_date,
      );
      const l = labelSpreadIdea({ ...idea, events });
      expect(l.fill_basis_label).toBe(FILL_BASIS_LABEL);
      expect(l.probability_label).toBe(PROBABILITY_LABEL);
      expect(l.assumptions).toEqual({ ...idea.assumptions, model: MODEL_DESCRIPTION });
      expect(l.events.list.map((e) => e.title)).toEqual(["Earnings", "Ex-dividend"]);
      for (const e of l.events.list)
        if (e.kind === "EARNINGS" || e.kind === "EX_DIVIDEND") expect(e.title).toBe(EVENT_TITLES[e.kind]);
    }
  });

  it("a wheel candidate gets its methods: a covered call's in-the-money one is the delta approximation", () => {
    const csp = labelWheelCandidates(screenCashSecuredPuts(clean, { cash: 25_000, riskLevel: "balanced" }));
    const cc = labelWheelCandidates(screenCoveredCalls(clean, { shares: 200, riskLevel: "balanced" }));
    expect(csp.length).toBeGreaterThan(0);
    expect(cc.length).toBeGreaterThan(0);
    for (const c of [...csp, ...cc]) {
      expect(c.fill_basis_label).toBe(FILL_BASIS_LABEL);
      expect(c.winProbabilityMethod).toBe(WIN_PROBABILITY_METHOD);
      expect(c.assumptions.model).toBe(MODEL_DESCRIPTION);
    }
    expect(WIN_PROBABILITY_METHOD).toBe("market-implied (risk-neutral, at expiry)");
    expect(csp.every((c) => c.probabilityITMMethod === WIN_PROBABILITY_METHOD)).toBe(true);
    expect(cc.every((c) => c.probabilityITMMethod === CC_ITM_METHOD)).toBe(true);
  });
});
