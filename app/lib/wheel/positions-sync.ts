// The screen's positions saves (decision 225). The server takes the whole list with the version it was read
// at and refuses a save from an older version (409 with the stored list). Here a refused save is not the end:
// the user's change (what they added, edited or removed against the list they saw) is re-applied to the
// stored list and saved again, so a save from another window is kept and so is this one.
import type { Position } from "#app/lib/wheel/wheel.ts";

/**
 * The 400 of a positions save without `version` (decision 300): every save names the version of the list it was
 * made from, which `GET /api/wheel/positions` (and the /wheels loader) hand out with the list.
 */
export const POSITIONS_VERSION_REQUIRED =
  "A positions save must send version: the version of the list it was made from (GET /api/wheel/positions)";

export interface PositionsSnapshot {
  positions: Position[];
  version: number;
}

/** What one save call did: saved (the stored list now), or refused as stale (the stored list it was refused with). */
export type PositionsSendOutcome =
  { saved: true; snapshot: PositionsSnapshot } | { saved: false; current: PositionsSnapshot };

/** Sends `positions` as a save from `version`; throws on any other failure (limit, validation, network). */
export type SendPositions = (positions: Position[], version: number) => Promise<PositionsSendOutcome>;

const samePosition = (a: Position, b: Position) => a.shares === b.shares && a.costBasis === b.costBasis;

/**
 * The change from `base` to `mine`, applied to `theirs`: symbols the user added or edited take the user's
 * values, symbols the user removed go, everything else is as in `theirs` (in its order, the user's additions
 * after it).
 */
export function rebasePositions(
  base: readonly Position[],
  mine: readonly Position[],
  theirs: readonly Position[],
): Position[] {
  const before = new Map(base.map((p) => [p.symbol, p]));
  const after = new Map(mine.map((p) => [p.symbol, p]));
  const removed = new Set(base.filter((p) => !after.has(p.symbol)).map((p) => p.symbol));
  const changed = new Map(
    mine
      .filter((p) => {
        const old = before.get(p.symbol);
        return !old || !samePosition(old, p);
      })
      .map((p) => [p.symbol, p]),
  );
  const result = theirs.filter((p) => !removed.has(p.symbol)).map((p) => changed.get(p.symbol) ?? p);
  const present = new Set(result.map((p) => p.symbol));
  for (const p of changed.values()) if (!present.has(p.symbol)) result.push(p);
  return result;
}

export class StalePositionsError extends Error {
  constructor(readonly attempts: number) {
    super(`positions changed elsewhere on each of ${attempts} attempts`);
  }
}

export interface SaveDone {
  /** The stored list after this save. */
  snapshot: PositionsSnapshot;
  /** No later save is waiting: the screen may show `snapshot` without hiding a change still on its way. */
  idle: boolean;
}

/**
 * Saves one at a time, in the order asked (a second change made while the first is on its way waits for it,
 * instead of racing it). Each save is the user's change re-applied to the last list the server confirmed; a
 * stale refusal re-applies it to the list the refusal carried and tries again, `maxAttempts` times in all.
 */
export function createPositionsSaver(options: {
  initial: PositionsSnapshot;
  send: SendPositions;
  maxAttempts?: number;
}) {
  const maxAttempts = options.maxAttempts ?? 3;
  let confirmed = options.initial;
  let waiting = 0;
  let queue: Promise<unknown> = Promise.resolve();

  async function apply(base: readonly Position[], mine: readonly Position[]): Promise<PositionsSnapshot> {
    for (let attempt = 1; ; attempt++) {
      const outcome = await options.send(rebasePositions(base, mine, confirmed.positions), confirmed.version);
      if (outcome.saved) return (confirmed = outcome.snapshot);
      confirmed = outcome.current;
      if (attempt >= maxAttempts) throw new StalePositionsError(attempt);
    }
  }

  return {
    /** Saves the change from `base` (the list the user saw) to `next` (the list they made of it). */
    save(base: readonly Position[], next: readonly Position[]): Promise<SaveDone> {
      waiting += 1;
      const run = queue.then(() => apply(base, next));
      queue = run.catch(() => undefined);
      return run.then(
        (snapshot) => ({ snapshot, idle: --waiting === 0 }),
        (error: unknown) => {
          waiting -= 1;
          throw error;
        },
      );
    },
    /** The last list the server confirmed. */
    get confirmed(): PositionsSnapshot {
      return confirmed;
    },
  };
}
