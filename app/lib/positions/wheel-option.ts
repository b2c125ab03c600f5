// The wheel ledger's open short puts and calls as the positions' engine reads them (decision 338): each one a
// one-leg position (a cash-secured put, or a covered call whose shares the campaign holds), so /positions marks
// it with the spreads' own engine at the same cached chain and smile. Pure: the jobs layer reads the ledger.
import type { Campaign, LedgerEvent } from "#app/engine/wheel/ledger.ts";
import { CONTRACT_SIZE } from "#app/engine/wheel/ledger.ts";
import type { Position } from "#app/engine/positions/types.ts";
import type { WheelOptionView } from "#app/lib/positions/client.ts";

/**
 * The day the option was first sold: the earliest standing sell to open of its type, strike and expiration in
 * the campaign (a partial buy back and a sale again keep the first day); the campaign's start when none reads.
 */
function openedOn(campaign: Campaign, events: ReadonlyMap<string, LedgerEvent>, key: string): string {
  let first: string | null = null;
  for (const id of campaign.eventIds) {
    const e = events.get(id);
    if (!e || e.kind !== "sell_to_open" || e.optionType === undefined) continue;
    if (`${e.optionType}:${e.strike}:${e.expiration}` !== key) continue;
    if (first === null || e.date < first) first = e.date;
  }
  return first ?? campaign.startDate;
}

/**
 * The shares' cost per share before this call's premium, from the campaign's premium-adjusted basis: that basis
 * already folds in every premium the campaign took, this call's too, and the engine's breakeven takes the call's
 * credit off the cost again (cost - credit), so it is added back here once. Null without shares or a basis.
 */
function stockCostBeforeCall(campaign: Campaign, premium: number, contracts: number): number | null {
  if (campaign.adjustedBasis === null || !(campaign.sharesHeld > 0)) return null;
  const cost = campaign.adjustedBasis + (premium * CONTRACT_SIZE * contracts) / campaign.sharesHeld;
  return Number.isFinite(cost) && cost > 0 ? cost : null;
}

/** The open campaigns' short options, soonest expiration first. */
export function wheelOptionsOfCampaigns(
  campaigns: readonly Campaign[],
  events: readonly LedgerEvent[],
): WheelOptionView[] {
  const byId = new Map(events.map((e) => [e.id, e]));
  return campaigns
    .filter((c) => c.status === "open")
    .flatMap((c) =>
      c.openOptions.map((o): WheelOptionView => ({
        key: `${c.id}:${o.key}`,
        campaignId: c.id,
        symbol: c.symbol,
        kind: o.optionType === "put" ? "CSP" : "CC",
        strike: o.strike,
        expiration: o.expiration,
        contracts: o.contracts,
        premium: o.premium,
        openedOn: openedOn(c, byId, o.key),
        stockCostPerShare: o.optionType === "call" ? stockCostBeforeCall(c, o.premium, o.contracts) : null,
      })),
    )
    .sort((a, b) => a.expiration.localeCompare(b.expiration) || a.symbol.localeCompare(b.symbol));
}

/** The engine's one-leg position for a wheel option: the premium received is its credit (and its max profit). */
export function wheelOptionPosition(option: WheelOptionView): Position {
  const put = option.kind === "CSP";
  return {
    underlying: option.symbol,
    strategy: put ? "CASH_SECURED_PUT" : "COVERED_CALL",
    legs: [
      {
        right: put ? "put" : "call",
        side: "short",
        strike: option.strike,
        expiration: option.expiration,
        quantity: option.contracts,
      },
    ],
    openCredit: option.premium,
    openedDate: option.openedOn,
    contracts: option.contracts,
    ...(put ? {} : { stockCostPerShare: option.stockCostPerShare }),
  };
}
