// `npm run market:facts -- [--at ISO-instant]`: the simulated market's facts against their targets (issue 43,
// decision 315), measured on its generated history: correlations, the premium by class, the same-day leverage
// effect, the forecasters, return skew, the surface in calm and stress, earnings kinks and quote widths by tier.
// Runs in Node; about a minute. Exits 1 when a target is missed.
import { parseArgs } from "node:util";
import { bookTierOf } from "#app/server/market/providers/demo/listing.server.ts";
import { marketFacts } from "./market-facts-core";

const { values } = parseArgs({ options: { at: { type: "string" } } });
const ms = values.at ? Date.parse(values.at) : Date.now();
if (!Number.isFinite(ms)) {
  console.error("--at must be an ISO instant, e.g. 2026-12-01T21:30:00Z");
  process.exit(1);
}
let section = "";
let missed = 0;
for (const fact of marketFacts(ms, bookTierOf)) {
  if (fact.section !== section) console.log(`\n${(section = fact.section)}`);
  if (fact.met === false) missed++;
  console.log(`  ${fact.text}${fact.met === undefined ? "" : fact.met ? "  met" : "  MISSED"}`);
}
console.log(missed ? `\n${missed} target(s) missed` : "\nevery target met");
process.exitCode = missed ? 1 : 0;
