/**
 * Event flags: which known events fall between today and expiration (both inclusive;
 * an event on expiration day still moves the price before the 16:00 close, or the
 * next open for after-close earnings, which is the assignment risk that matters).
 */
import type { CleanChain, MarketEvent } from "#app/engine/types.ts";

export interface EventFlags {
  earnings: boolean;
  exDividend: boolean;
  fomc: boolean;
  cpi: boolean;
  /** All events in the window, earnings and ex-dividend included, by date. */
  list: MarketEvent[];
}

const inWindow = (date: string | null, today: string, expiration: string) =>
  date !== null && date >= today && date <= expiration;

export function eventsBeforeExpiration(
  chain: Pick<CleanChain, "today" | "earningsDate" | "exDividendDate" | "events">,
  expirationDate: string,
): EventFlags {
  const { today } = chain;
  const earnings = inWindow(chain.earningsDate, today, expirationDate);
  const exDividend = inWindow(chain.exDividendDate, today, expirationDate);
  const list: MarketEvent[] = [];
  // Untitled: the server names them where it ships the payload (app/server/market/payload-labels.server.ts).
  if (earnings) list.push({ date: chain.earningsDate as string, kind: "EARNINGS" });
  if (exDividend) list.push({ date: chain.exDividendDate as string, kind: "EX_DIVIDEND" });
  let fomc = false;
  let cpi = false;
  for (const e of chain.events) {
    if (!inWindow(e.date, today, expirationDate)) continue;
    list.push(e);
    if (e.kind === "FOMC") fomc = true;
    else if (e.kind === "CPI") cpi = true;
  }
  list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { earnings, exDividend, fomc, cpi, list };
}
