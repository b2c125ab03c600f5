// A spread entered by hand on /positions: the dialog's blank legs per strategy, rendered without a prefilled strike,
// and the form read back into an open action the API's schema accepts, with no idea linked.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { blankLegsOf, handEntryPrefill, openChangeFromForm } from "#app/components/positions/took-this.ts";
import { LegFields } from "#app/components/positions/LegFields.tsx";
import { openPositionSchema } from "#app/lib/positions/input.ts";

describe("a spread entered by hand", () => {
  it("starts as a bull put spread of two blank legs, one contract, opened that day, no idea linked", () => {
    const prefill = handEntryPrefill("2027-01-15");
    expect(prefill).toMatchObject({ symbol: "", strategy: "BULL_PUT_SPREAD", contracts: 1, tradeId: "" });
    expect(prefill.openedOn).toBe("2027-01-15");
    expect(prefill.legs.map((l) => `${l.side} ${l.right}`)).toEqual(["short put", "long put"]);
  });

  it("has the legs of the strategy chosen", () => {
    const shape = (s: Parameters<typeof blankLegsOf>[0]) =>
      blankLegsOf(s, "").map((l) => `${l.side} ${l.right}`);
    expect(shape("BEAR_CALL_SPREAD")).toEqual(["short call", "long call"]);
    expect(shape("IRON_CONDOR")).toEqual(["long put", "short put", "short call", "long call"]);
    expect(shape("CUSTOM_CREDIT_SPREAD")).toHaveLength(4);
  });

  it("shows a blank strike, not NaN", () => {
    const html = renderToStaticMarkup(createElement(LegFields, { legs: blankLegsOf("IRON_CONDOR", "") }));
    expect(html).not.toContain("NaN");
    expect(html.match(/name="leg\d\.strike"/g)).toHaveLength(4);
  });

  it("reads back as an open action the API accepts, with no trade id", () => {
    const form = new FormData();
    const fields: Record<string, string> = {
      symbol: "SPY",
      strategy: "IRON_CONDOR",
      contracts: "2",
      openCredit: "1.35",
      openedOn: "2027-01-15",
      tradeId: "",
    };
    const legs = [
      ["long", "put", "560"],
      ["short", "put", "565"],
      ["short", "call", "620"],
      ["long", "call", "625"],
    ];
    legs.forEach(([side, right, strike], i) => {
      fields[`leg${i}.side`] = side!;
      fields[`leg${i}.right`] = right!;
      fields[`leg${i}.strike`] = strike!;
      fields[`leg${i}.expiration`] = "2027-02-19";
    });
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const change = openChangeFromForm(form, 4);
    expect(change.action).toBe("open");
    const position = (change as { position: Record<string, unknown> }).position;
    expect(position).not.toHaveProperty("tradeId");
    const parsed = openPositionSchema.safeParse(position);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    // A strike left blank is the schema's words, not a position.
    form.set("leg1.strike", "");
    expect(
      openPositionSchema.safeParse((openChangeFromForm(form, 4) as { position: unknown }).position).success,
    ).toBe(false);
  });
});
