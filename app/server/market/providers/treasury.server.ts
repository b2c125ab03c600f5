// U.S. Treasury daily bill rates (no key): the 13-week bill's coupon-equivalent yield, the risk-free rate
// every idea is priced with in live mode (decision 160). One CSV a month from home.treasury.gov's
// "Daily Treasury Bill Rates" table, newest row first; columns "Date" (MM/DD/YYYY) and, among others,
// "13 WEEKS COUPON EQUIVALENT" (percent). Reading is the app's one CSV module (decision 272); this maps rows.
import { readCsvTable } from "#app/lib/csv.ts";
import { fetchText, type FetchPolicy } from "#app/server/market/providers/http.server.ts";
import { ProviderError } from "#app/server/market/types.server.ts";

const TREASURY_DEFAULT_BASE = "https://home.treasury.gov";
const PROVIDER = "treasury";
const COLUMN = "13 WEEKS COUPON EQUIVALENT";

export interface BillRateObservation {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Coupon-equivalent yield, percent. */
  yieldPercent: number;
}

/** Rows of one month's CSV with a 13-week yield, newest first. Throws 'malformed' without the column. */
export function parseTreasuryBillRates(csv: string): BillRateObservation[] {
  const table = readCsvTable(csv);
  const fields = (table.header?.cells ?? []).map((h) => h.trim().toUpperCase());
  if (!fields.includes("DATE") || !fields.includes(COLUMN))
    throw new ProviderError(PROVIDER, `bill rates: malformed payload (no "${COLUMN}" column)`, "malformed");
  const out: BillRateObservation[] = [];
  const records = table.rows.map((r) => Object.fromEntries(fields.map((f, i) => [f, r.cells[i] ?? ""])));
  for (const row of records as Record<string, string>[]) {
    const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec((row.DATE ?? "").trim());
    const value = Number((row[COLUMN] ?? "").trim());
    // Blank or "N/A" cells are days the 13-week bill was not quoted: skipped, never read as 0.
    if (!m || (row[COLUMN] ?? "").trim() === "" || !Number.isFinite(value) || value <= 0 || value > 25)
      continue;
    out.push({ date: `${m[3]}-${m[1]}-${m[2]}`, yieldPercent: value });
  }
  out.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return out;
}

export interface TreasuryClient {
  /** The latest 13-week observation on or before `today` (this month's table, else last month's). */
  latestBillRate(today: string): Promise<BillRateObservation>;
}

function monthUrl(root: string, yyyymm: string): string {
  const params = new URLSearchParams({
    type: "daily_treasury_bill_rates",
    field_tdr_date_value_month: yyyymm,
    page: "",
    _format: "csv",
  });
  return `${root}/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv/all/${yyyymm}?${params}`;
}

function previousMonth(yyyymm: string): string {
  const y = Number(yyyymm.slice(0, 4));
  const m = Number(yyyymm.slice(4, 6));
  return m === 1 ? `${y - 1}12` : `${y}${String(m - 1).padStart(2, "0")}`;
}

export function createTreasuryClient(
  base: string | undefined,
  policy: Partial<FetchPolicy> = {},
): TreasuryClient {
  const root = (base ?? TREASURY_DEFAULT_BASE).replace(/\/$/, "");
  const shared: FetchPolicy = {
    provider: PROVIDER,
    timeoutMs: 5000,
    retries: 1,
    ...policy,
    headers: { accept: "text/csv", ...policy.headers },
  };
  const month = async (yyyymm: string, today: string) => {
    const res = await fetchText(monthUrl(root, yyyymm), shared);
    return parseTreasuryBillRates(res.text).filter((o) => o.date <= today);
  };
  return {
    async latestBillRate(today) {
      const thisMonth = today.slice(0, 4) + today.slice(5, 7);
      // Early in a month the table may have no row yet: the previous month's last one is the latest.
      const rows = await month(thisMonth, today);
      const latest = rows[0] ?? (await month(previousMonth(thisMonth), today))[0];
      if (!latest) throw new ProviderError(PROVIDER, "bill rates: no 13-week observation", "malformed");
      return latest;
    },
  };
}
