// The engine refuses a ledger event with a code; app/lib/wheel/ledger.ts says it in words (decision 292). The
// words are what /api/wheel/ledger answers as `error`: pinned here as text, so moving them changed no byte.
import { describe, expect, it } from "vitest";
import { buildLedger, type LedgerEvent, type LedgerRefusal } from "#app/engine/wheel/ledger.ts";
import { ledgerRefusalMessage } from "#app/lib/wheel/ledger.ts";

describe("ledger refusals in words", () => {
  it("says every refusal code as before the words left the engine", () => {
    const cases: [LedgerRefusal, string][] = [
      [{ code: "noOpenOption" }, "No open short option matches this contract"],
      [{ code: "tooManyContracts", open: 2 }, "Only 2 contract(s) of this option are open"],
      [{ code: "assignNeedsPut" }, "Only a short put is assigned; use called away for a call"],
      [{ code: "calledAwayNeedsCall" }, "Only a short call is called away; use assign for a put"],
      [{ code: "uncoveredCall" }, "A covered call needs 100 shares held per contract"],
      [{ code: "notEnoughShares", held: 50 }, "Only 50 share(s) are held in this campaign"],
      [{ code: "sharesCoverCalls" }, "These shares cover open calls; close the calls first"],
      [{ code: "noCampaign", symbol: "KO" }, "No open campaign for KO"],
      [{ code: "noSharesAtExDate" }, "No shares were held when this dividend's ex-date opened"],
      [{ code: "exDateAfterPay" }, "The ex-date must not be after the pay date"],
      [{ code: "missingField", field: "optionType" }, "Option type is required for this event"],
      [{ code: "missingField", field: "premium" }, "Premium is required for this event"],
      [{ code: "missingField", field: "exDate" }, "Ex-date is required for this event"],
      [{ code: "unknownCorrection" }, "The event to correct was not found"],
      [{ code: "alreadyCorrected" }, "That event has already been corrected"],
      [{ code: "campaignStart" }, "A campaign starts with a short put or a share purchase"],
    ];
    for (const [refusal, words] of cases) expect(ledgerRefusalMessage(refusal)).toBe(words);
  });

  it("the engine answers a refused event with a code and its numbers, no sentence", () => {
    const sold: LedgerEvent = {
      id: "a",
      date: "2026-01-05",
      symbol: "KO",
      kind: "sell_to_open",
      optionType: "put",
      strike: 60,
      expiration: "2026-02-20",
      contracts: 1,
      price: 1,
    };
    const closed: LedgerEvent = { ...sold, id: "b", kind: "buy_to_close", contracts: 3, price: 0.5 };
    expect(buildLedger([sold, closed], "2026-01-06")).toEqual({
      ok: false,
      eventId: "b",
      refusal: { code: "tooManyContracts", open: 1 },
    });
  });
});
