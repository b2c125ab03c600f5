// The record form's reading (decision 274): a decimal comma is refused with words, never read as 125; grouped
// thousands are read en-US; the values shown after an answer keep what was typed, or the sensible ones after a save.
import { describe, expect, it } from "vitest";
import {
  LEDGER_INPUT_MESSAGES,
  ledgerInputFromForm,
  readLedgerNumber,
  recordFormValuesAfter,
  soldPrefill,
} from "#app/lib/wheel/ledger.ts";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("ledgerInputFromForm", () => {
  it("refuses a decimal comma with the field's name instead of reading 1,25 as 125", () => {
    expect(ledgerInputFromForm(form({ kind: "sell_to_open", price: "1,25" }))).toEqual({
      ok: false,
      field: "price",
      message: LEDGER_INPUT_MESSAGES.decimalComma("Price"),
    });
    for (const text of ["0,5", "1,2345", "12,5", "1,25.5", ",5"])
      expect(readLedgerNumber(text), text).toBe("comma");
  });

  it("reads grouped thousands, dollars and spaces; keeps non-numbers as text for the schema", () => {
    const reading = ledgerInputFromForm(
      form({
        symbol: " ko ",
        strike: "$1,250",
        shares: "12,000",
        price: "1.25",
        fee: " 0.65 ",
        amount: "abc",
      }),
    );
    expect(reading).toEqual({
      ok: true,
      input: { symbol: "ko", strike: 1250, shares: 12000, price: 1.25, fee: 0.65, amount: "abc" },
    });
    expect(readLedgerNumber("1,000.50")).toBe(1000.5);
  });
});

describe("recordFormValuesAfter", () => {
  const typed = form({
    kind: "sell_to_open",
    date: "2026-11-20",
    symbol: "KO",
    optionType: "call",
    strike: "60",
    expiration: "2026-12-18",
    contracts: "2",
    price: "1,25",
  });

  it("after a refusal, everything typed is shown again", () => {
    expect(recordFormValuesAfter(typed, false)).toEqual({
      kind: "sell_to_open",
      date: "2026-11-20",
      symbol: "KO",
      optionType: "call",
      strike: "60",
      expiration: "2026-12-18",
      contracts: "2",
      price: "1,25",
    });
  });

  it("after a save, only the date, symbol, event and option type stay", () => {
    expect(recordFormValuesAfter(typed, true)).toEqual({
      kind: "sell_to_open",
      date: "2026-11-20",
      symbol: "KO",
      optionType: "call",
    });
  });
});

describe("soldPrefill (I sold this)", () => {
  const row = { symbol: "KO", premium: 1.37, expirationDate: "2026-12-18", putStrike: 60, callStrike: 70 };

  it("a CSP row is a put sold at the row's premium, one contract, today; the form reads it back", () => {
    const values = soldPrefill("CSP", row, "2026-11-26");
    expect(values).toEqual({
      kind: "sell_to_open",
      date: "2026-11-26",
      symbol: "KO",
      optionType: "put",
      strike: "60",
      expiration: "2026-12-18",
      contracts: "1",
      price: "1.37",
    });
    const reading = ledgerInputFromForm(new URLSearchParams(values as Record<string, string>));
    expect(reading).toMatchObject({ ok: true, input: { strike: 60, price: 1.37, contracts: 1 } });
  });

  it("a CC row is a call at its call strike", () => {
    expect(soldPrefill("CC", row, "2026-11-26")).toMatchObject({ optionType: "call", strike: "70" });
  });
});
