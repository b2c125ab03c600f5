// The shared-strategy page composes two features: the wheel's shared strategy and its line in the track record
// (decision 269). Features meet only on this floor (decision 326), so the wheel never imports the track record.
import type { WheelType } from "#app/lib/wheel/wheel.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { loggedOutcomeOfWheel } from "#app/server/track/outcomes.server.ts";
import { sharePageLoaderData } from "#app/server/wheel/share-page.server.ts";

export function sharedStrategyPage(
  env: WorkerEnv,
  type: WheelType,
  shareId: string | undefined,
  request: Request,
) {
  return sharePageLoaderData(env, type, shareId, request, (shown) => loggedOutcomeOfWheel(env, shown));
}
