// The screen's positions saves (decision 225): a save refused as stale re-applies the user's change to the
// stored list and tries again; saves from one screen go one after another.
import { describe, expect, it } from "vitest";
import {
  createPositionsSaver,
  rebasePositions,
  StalePositionsError,
  type PositionsSnapshot,
  type SendPositions,
} from "#app/lib/wheel/positions-sync.ts";
import type { Position } from "#app/lib/wheel/wheel.ts";

const pos = (symbol: string, shares = 100, costBasis = 10): Position => ({ symbol, shares, costBasis });
const symbols = (list: readonly Position[]) => list.map((p) => p.symbol);

/** The server's rule in memory: a save from the stored version is taken (version + 1), any other is stale. */
function fakeServer(initial: PositionsSnapshot = { positions: [], version: 0 }) {
  let stored = initial;
  const calls: { positions: Position[]; version: number }[] = [];
  const send: SendPositions = async (positions, version) => {
    calls.push({ positions, version });
    await Promise.resolve();
    if (version !== stored.version) return { saved: false, current: stored };
    stored = { positions, version: version + 1 };
    return { saved: true, snapshot: stored };
  };
  return {
    send,
    calls,
    get stored() {
      return stored;
    },
    /** Another window's save, straight to the store. */
    write(positions: Position[]) {
      stored = { positions, version: stored.version + 1 };
    },
  };
}

describe("rebasePositions", () => {
  const base = [pos("AAPL"), pos("MSFT")];

  it("keeps what another window added and adds the user's new position", () => {
    const theirs = [...base, pos("NVDA")];
    expect(rebasePositions(base, [...base, pos("SPY")], theirs)).toEqual([...theirs, pos("SPY")]);
  });

  it("applies the user's edit and removal, leaving the other window's edit of another symbol", () => {
    const mine = [pos("AAPL", 300, 12)]; // MSFT removed, AAPL edited
    const theirs = [pos("AAPL"), pos("MSFT"), pos("QQQ", 200, 5)];
    expect(rebasePositions(base, mine, theirs)).toEqual([pos("AAPL", 300, 12), pos("QQQ", 200, 5)]);
    const theirsEdited = [pos("AAPL"), pos("MSFT", 900, 1)];
    expect(rebasePositions(base, [...base, pos("SPY")], theirsEdited)).toEqual([...theirsEdited, pos("SPY")]);
  });

  it("a bulk save's rows: new and changed ones are set, unchanged ones follow the stored list", () => {
    const mine = [pos("AAPL"), pos("MSFT", 500, 10), pos("SPY"), pos("QQQ")];
    const theirs = [pos("MSFT", 100, 99)]; // AAPL removed elsewhere
    expect(rebasePositions(base, mine, theirs)).toEqual([pos("MSFT", 500, 10), pos("SPY"), pos("QQQ")]);
  });

  it("is the user's list when nothing else changed", () => {
    const mine = [pos("AAPL", 200), pos("SPY")];
    expect(rebasePositions(base, mine, base)).toEqual(mine);
  });
});

describe("createPositionsSaver", () => {
  it("on 409 re-applies the change to the list the refusal carried, and both additions survive", async () => {
    const server = fakeServer({ positions: [pos("AAPL")], version: 1 });
    const saver = createPositionsSaver({ initial: server.stored, send: server.send });
    server.write([pos("AAPL"), pos("NVDA")]); // the other window, first
    const done = await saver.save([pos("AAPL")], [pos("AAPL"), pos("SPY")]);
    expect(server.calls.map((c) => c.version)).toEqual([1, 2]);
    expect(symbols(server.stored.positions)).toEqual(["AAPL", "NVDA", "SPY"]);
    expect(done).toEqual({ snapshot: server.stored, idle: true });
    expect(saver.confirmed).toEqual(server.stored);
  });

  it("runs a screen's saves one after another, each from the version the previous one left", async () => {
    const server = fakeServer();
    const saver = createPositionsSaver({ initial: server.stored, send: server.send });
    const first = saver.save([], [pos("AAPL")]);
    const second = saver.save([pos("AAPL")], [pos("AAPL"), pos("MSFT")]);
    const [a, b] = await Promise.all([first, second]);
    expect(server.calls.map((c) => c.version)).toEqual([0, 1]);
    expect(a.idle).toBe(false);
    expect(b).toEqual({ snapshot: { positions: [pos("AAPL"), pos("MSFT")], version: 2 }, idle: true });
  });

  it("gives up after maxAttempts stale answers, and the next save still runs", async () => {
    const server = fakeServer();
    const busy: SendPositions = async (positions, version) => {
      server.write([pos("XYZ")]); // someone else always saves first
      return server.send(positions, version);
    };
    const saver = createPositionsSaver({ initial: server.stored, send: busy, maxAttempts: 3 });
    await expect(saver.save([], [pos("AAPL")])).rejects.toBeInstanceOf(StalePositionsError);
    expect(server.calls).toHaveLength(3);
    const calm = createPositionsSaver({ initial: server.stored, send: server.send });
    await expect(calm.save([pos("XYZ")], [pos("XYZ"), pos("SPY")])).resolves.toMatchObject({ idle: true });
  });

  it("passes other failures on, and keeps saving after one", async () => {
    const server = fakeServer();
    let fail = true;
    const send: SendPositions = (positions, version) => {
      if (fail) {
        fail = false;
        return Promise.reject(new Error("limit"));
      }
      return server.send(positions, version);
    };
    const saver = createPositionsSaver({ initial: server.stored, send });
    const refused = saver.save([], [pos("AAPL")]);
    const next = saver.save([pos("AAPL")], [pos("AAPL"), pos("MSFT")]);
    await expect(refused).rejects.toThrow("limit");
    // The refused AAPL is not re-sent: only the second change (MSFT) is applied to the stored list.
    await expect(next).resolves.toEqual({ snapshot: { positions: [pos("MSFT")], version: 1 }, idle: true });
  });
});
