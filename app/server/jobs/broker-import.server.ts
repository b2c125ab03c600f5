// A broker file's import into both ledgers (decision 342): the wheel ledger takes the single short puts and calls
// (app/server/wheel/ledger-import.server.ts reads the file, pairs its legs and finds its rolls and spreads) and the
// spread position ledger takes the spreads (app/server/positions/positions.server.ts). Features never import each
// other, so they meet here. A commit first previews both, so a plan refusal of either writes nothing; then the
// wheel's batch lands, then the spreads'. Both skip what a previous import of the file recorded, so if the second
// batch is refused as stale the same file imported again finishes the job and adds nothing twice.
import type { EntitledUser } from "#app/server/entitlements.server.ts";
import { recordImportedSpreads, type ImportedSpreadOutcome } from "#app/server/positions/positions.server.ts";
import {
  importLedgerCsv,
  type LedgerImportInput,
  type LedgerImportResult,
} from "#app/server/wheel/ledger-import.server.ts";
import { LEDGER_INPUT_MESSAGES } from "#app/lib/wheel/ledger.ts";

type Read = Extract<LedgerImportResult, { ok: true; needsMapping: false }>;

export type BrokerImportResult =
  | Exclude<LedgerImportResult, Read>
  | (Omit<Read, "spreadEvents"> & {
      spreads: {
        events: ImportedSpreadOutcome[];
        recorded: number;
        openPositions: { before: number; after: number; limit: number | null };
      };
    });

/** Reads (and with `commit`, records) a broker file into the wheel and spread position ledgers. */
export async function importBrokerCsv(
  env: { DB: D1Database },
  user: EntitledUser,
  input: LedgerImportInput,
  nowMs = Date.now(),
): Promise<BrokerImportResult> {
  const preview = await importLedgerCsv(env, user, { ...input, commit: false }, nowMs);
  if (!preview.ok || preview.needsMapping) return preview;
  const spreads = await recordImportedSpreads(env, user, preview.spreadEvents, { commit: false, nowMs });
  if (!spreads.ok)
    return "refusal" in spreads
      ? { ok: false, status: 403, refusal: spreads.refusal, skipped: preview.skipped }
      : { ok: false, status: 409, message: LEDGER_INPUT_MESSAGES.stale };
  if (!input.commit) return withSpreads(preview, spreads);

  const wheel = await importLedgerCsv(env, user, input, nowMs);
  if (!wheel.ok || wheel.needsMapping) return wheel;
  const written = await recordImportedSpreads(env, user, wheel.spreadEvents, { commit: true, nowMs });
  if (!written.ok)
    return "refusal" in written
      ? { ok: false, status: 403, refusal: written.refusal, skipped: wheel.skipped }
      : { ok: false, status: 409, message: LEDGER_INPUT_MESSAGES.stale };
  return withSpreads(wheel, written);
}

function withSpreads(
  read: Read,
  spreads: Extract<Awaited<ReturnType<typeof recordImportedSpreads>>, { ok: true }>,
): BrokerImportResult {
  const { spreadEvents: _events, ...rest } = read;
  return {
    ...rest,
    spreads: { events: spreads.outcomes, recorded: spreads.recorded, openPositions: spreads.openPositions },
  };
}
