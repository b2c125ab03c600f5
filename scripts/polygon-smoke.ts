// `npm run polygon:smoke [-- SYMBOL...]`: the operator's one-off check of a Massive (Polygon) key and plan before
// production runs on it (issue 41). Reads POLYGON_API_KEY, and POLYGON_API_BASE when set (a proxy; the default is
// the vendor's own host), then per symbol prints what the adapter read: contracts, pages, quote coverage, where the
// spot came from, dividends and the special ones left out of the yield. Defaults: SPY (past 250 contracts, so it
// pages), KO (a dividend payer) and ZZZZZ (unknown). The key is sent in a header only and scrubbed from every line.
// Exits 1 when a known symbol could not be read, naming the plan feature when that is the cause.
import { pathToFileURL } from "node:url";
import { redactUrl } from "#app/server/market/providers/http.server.ts";
import { createPolygonClient, type PolygonClient } from "#app/server/market/providers/polygon.server.ts";
import { ProviderError } from "#app/server/market/types.server.ts";

export const DEFAULT_SYMBOLS = ["SPY", "KO", "ZZZZZ"];

/** The text with the key (and any key-like query parameter) masked: nothing printed may carry a secret. */
export function scrub(text: string, key: string): string {
  return redactUrl(key ? text.split(key).join("***") : text);
}

const why = (error: unknown) =>
  error instanceof ProviderError && error.kind === "unknown_symbol"
    ? "unknown symbol"
    : `failed: ${error instanceof Error ? error.message : String(error)}`;
const percent = (part: number, whole: number) => (whole ? `${Math.round((100 * part) / whole)}%` : "n/a");

/** One symbol's lines, and whether it failed other than as an unknown symbol. */
export async function smokeSymbol(client: PolygonClient, symbol: string) {
  const lines = [symbol];
  let failed = false;
  const note = (what: string, error: unknown) => {
    lines.push(`  ${what}: ${why(error)}`);
    if (!(error instanceof ProviderError && error.kind === "unknown_symbol")) failed = true;
  };
  try {
    const { chain, read } = await client.chain(symbol);
    lines.push(
      `  chain: ${read.contracts} contracts in ${read.pages} page${read.pages === 1 ? "" : "s"}` +
        (read.stoppedAtPageCap ? " (stopped at the page cap: the rest not read)" : "") +
        `, ${read.quoted} with a quote (${percent(read.quoted, read.contracts)}),` +
        ` spot ${chain.spot} from the ${read.spotSource}, ${chain.expirations.length} expirations`,
    );
  } catch (error) {
    note("chain", error);
  }
  try {
    const dividends = await client.dividends(symbol);
    const special = dividends.specialExcluded;
    lines.push(
      `  dividends: ${dividends.events.length + special.length} read, ` +
        (special.length
          ? `${special.length} excluded as special: ${special.map((d) => `${d.exDate} ${d.type} ${d.amount}`).join(", ")}`
          : "none excluded as special"),
    );
  } catch (error) {
    note("dividends", error);
  }
  return { lines, failed };
}

async function main() {
  const key = process.env.POLYGON_API_KEY ?? "";
  if (!key) {
    console.error("POLYGON_API_KEY is not set");
    process.exit(2);
  }
  const base = process.env.POLYGON_API_BASE || undefined;
  const symbols = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_SYMBOLS;
  const client = createPolygonClient(key, base);
  // The adapter logs as it reads (skipped contracts, plan features): those lines are scrubbed too.
  for (const level of ["log", "warn", "error"] as const) {
    const write = console[level].bind(console);
    console[level] = (...args: unknown[]) => write(scrub(args.map(String).join(" "), key));
  }
  console.log(
    `Massive (Polygon) smoke test against ${base ?? "https://api.massive.com"}: ${symbols.join(", ")}`,
  );
  let failures = 0;
  for (const symbol of symbols) {
    const { lines, failed } = await smokeSymbol(client, symbol);
    console.log(lines.join("\n"));
    if (failed) failures++;
  }
  console.log(failures ? `${failures} symbol(s) not read: see above` : "every known symbol read");
  process.exitCode = failures ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
