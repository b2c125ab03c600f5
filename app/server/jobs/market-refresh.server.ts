// The `marketRefresh` job: the market's refresh, then what the track record keeps of it, in this order (decision
// 326): the idea log (the spread ideas the run published and the fixed wheel universe screened from the chains it
// stored), the closing marks of the contracts the log tracks, the page's summary and the public CSV's snapshot; then
// the open positions on the held symbols it refreshed (marks, alerts, closing marks: positions-refresh.server.ts),
// and the held symbols past the run's share go onto the market queue (market-queue.server.ts).
// The market knows no feature; each step after the refresh fails alone, so a failure costs the log one refresh (the
// next finds the same ideas unlogged), never the market's own writes.
import { newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { getDb } from "#app/server/db/client.server.ts";
import type { JobOutcome } from "#app/server/db/job-runs.server.ts";
import { runBatch } from "#app/server/db/sql.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import {
  refreshMarketData,
  type RefreshOptions,
  type RefreshStored,
} from "#app/server/market/refresh/run.server.ts";
import { refreshTrackCsvSnapshotInJob } from "#app/server/track/csv-snapshot.server.ts";
import { appendIdeaLog } from "#app/server/track/idea-log.server.ts";
import { closingMarkStatements } from "#app/server/track/marks.server.ts";
import { refreshTrackSummaryIfDue } from "#app/server/track/summary.server.ts";
import { wheelUniverseIdeas } from "#app/server/wheel/universe-ideas.server.ts";
import { enqueueHeldSymbols } from "#app/server/jobs/market-queue.server.ts";
import { managePositions, NO_POSITIONS } from "#app/server/jobs/positions-refresh.server.ts";

interface TrackOfRefresh {
  ideasLogged: number;
  wheelIdeasLogged: number;
  marksStored: number;
  trackSummaryRefreshed: boolean;
  trackCsvRebuilt: boolean;
}

const NOTHING_TRACKED: TrackOfRefresh = {
  ideasLogged: 0,
  wheelIdeasLogged: 0,
  marksStored: 0,
  trackSummaryRefreshed: false,
  trackCsvRebuilt: false,
};

export async function runMarketRefresh(
  env: WorkerEnv,
  now: Date,
  options: RefreshOptions = {},
): Promise<JobOutcome> {
  const { outcome, stored, heldOverflow } = await refreshMarketData(env, now, options);
  // A skipped or refused run says only why; a run that stored no chain tracked nothing.
  if (outcome.detail && ("skipped" in outcome.detail || "refused" in outcome.detail)) return outcome;
  const tracked = stored ? await trackRefresh(env, now.getTime(), stored) : NOTHING_TRACKED;
  const positions = stored ? await managePositions(env, now.getTime(), stored) : NO_POSITIONS;
  const heldMessages = await enqueueHeldSymbols(env, heldOverflow, now.getTime()).catch((error: unknown) => {
    console.error("market refresh: the held symbols past this run were not queued", error);
    return 0;
  });
  return { ...outcome, detail: { ...outcome.detail, ...tracked, ...positions, heldMessages } };
}

async function trackRefresh(env: WorkerEnv, nowMs: number, stored: RefreshStored): Promise<TrackOfRefresh> {
  // The log (decision 265), with the wheel universe screened from this run's chains only, as /wheels would (267);
  // the log calls the screen only when today's wheel rows are not logged yet.
  const loadWheel = () =>
    wheelUniverseIdeas(env, stored.chainSymbols, nowMs).catch((error: unknown) => {
      console.error("market refresh: the wheel universe was not screened for the idea log", error);
      return [];
    });
  const logged = await appendIdeaLog(env, stored.ideas, newYorkDateOf(nowMs), nowMs, loadWheel).catch(
    (error: unknown) => {
      console.error("market refresh: the idea log was not appended", error);
      return null;
    },
  );
  const ideasLogged = logged?.appended ?? 0;
  // After the log, so the contracts it just tracked are marked at this close too (live, after the close: 278).
  let marksStored = 0;
  if (stored.closingChains?.size) {
    try {
      const marks = await closingMarkStatements(env, stored.closingChains, stored.closeDate);
      await runBatch(getDb(env), marks.statements);
      marksStored = marks.contracts;
    } catch (error) {
      console.error("market refresh: the track record's closing marks were not stored", error);
    }
  }
  // The page's counts follow the log (at most hourly; the grading job recomputes the figures after each run), so a
  // fresh install shows what the refresh has logged before the first grading run.
  const trackSummaryRefreshed =
    ideasLogged > 0 &&
    (await refreshTrackSummaryIfDue(env, nowMs).catch((error: unknown) => {
      console.error("market refresh: the track record's figures were not refreshed", error);
      return false;
    }));
  // The public CSV's stored snapshot follows the log: once per run that appended to it (decision 301).
  const trackCsvRebuilt = ideasLogged > 0 && (await refreshTrackCsvSnapshotInJob(env, nowMs));
  return {
    ideasLogged,
    wheelIdeasLogged: logged?.wheelAppended ?? 0,
    marksStored,
    trackSummaryRefreshed,
    trackCsvRebuilt,
  };
}
