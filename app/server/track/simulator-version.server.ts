// Which simulated market a logged idea was priced on (decision 316). A new generator changes every past close and
// the log cannot be rewritten, so an idea of the simulated market carries its generator's version in its frozen
// content, and one of another version is never settled on the running market's closes.
import { SIMULATOR_VERSION } from "#app/server/market/providers/demo/economy.server.ts";

export { SIMULATOR_VERSION };

/** Whether a logged idea was priced on another version of the simulated market (absent: version 1). */
export function loggedOnReplacedMarket(source: string, simulatorVersion: number | null | undefined): boolean {
  return source === "demo" && (simulatorVersion ?? 1) !== SIMULATOR_VERSION;
}
