// The wheel ledger's import of broker transaction exports (decisions 272, 273, 304). One function reads
// a file for the preview and, when the user confirms, writes it: the same reading, the same checks, so what the
// preview promised is what is stored. Nothing is written by a preview. The file is read by the app's one CSV
// reader; rows become event drafts by a broker preset or the user's column mapping (app/lib/wheel/ledger-import.ts);
// each draft passes the ledger's input schema and the engine's rules with the events already stored; a row
// already imported (same header signature, same cells, same occurrence) is skipped. The plan's open campaigns
// are counted on what the import leaves open.
import { and, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import {
  buildLedger,
  buildLedgerLeniently,
  effectiveEvents,
  type Campaign,
  type LedgerEvent,
  type LedgerResult,
} from "#app/engine/wheel/ledger.ts";
import { newYorkDate } from "#app/engine/time.ts";
import {
  findRolls,
  findSpreads,
  pairLegs,
  spreadEvents,
  spreadLines,
  type FoundRoll,
  type FoundSpread,
  type KeyedSpreadEvent,
  type LegClose,
  type LegPair,
  type SpreadEventDraft,
} from "#app/lib/broker-legs.ts";
import { readCsvRecords, readCsvTable, type CsvTable } from "#app/lib/csv.ts";
import { readStatementTrades } from "#app/lib/wheel/ibkr-statement.ts";
import {
  detectPreset,
  draftsOf,
  guessMapping,
  headerSignatureText,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  mappingProblems,
  MAX_MAPPING_COLUMNS,
  type ColumnMapping,
  type SkippedRow,
} from "#app/lib/wheel/ledger-import.ts";
import { limitForJson } from "#app/lib/entitlements.ts";
import { LEDGER_INPUT_MESSAGES, ledgerRefusalMessage, MAX_LEDGER_EVENTS } from "#app/lib/wheel/ledger.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { changes } from "#app/server/db/sql.server.ts";
import {
  entitlementOf,
  refusalOf,
  type EntitledUser,
  type PlanRefusal,
} from "#app/server/entitlements.server.ts";
import { ledgerEventInputSchema, readLedger } from "#app/server/wheel/ledger.server.ts";

/** Rows one import reads at most: each is checked against the whole ledger. */
export const MAX_IMPORT_ROWS = 500;
/** The file's text at most (a year of a busy account's transactions is well under it). */
export const MAX_IMPORT_CHARS = 400_000;

// A field may name several columns (fees split over "Commission ($)" and "Fees ($)", decision 304).
const columnNames = z.array(z.string().trim().min(1).max(100)).max(MAX_MAPPING_COLUMNS);
export const ledgerImportInputSchema = z
  .object({
    csv: z
      .string({ error: IMPORT_MESSAGES.noRows })
      .min(1, { message: IMPORT_MESSAGES.noRows })
      .max(MAX_IMPORT_CHARS, { message: IMPORT_MESSAGES.tooManyRows(MAX_IMPORT_ROWS) }),
    mapping: z.partialRecord(z.enum(IMPORT_FIELDS), columnNames).optional(),
    commit: z.boolean().optional(),
  })
  .strict();
export type LedgerImportInput = z.infer<typeof ledgerImportInputSchema>;

/** What the file's option legs say: each opening line and what closed it, the rolls, the spreads. */
export interface ImportLegs {
  pairs: LegPair[];
  /** Closing lines the file opens nowhere (opened before it began). */
  unmatched: LegClose[];
  rolls: FoundRoll[];
  spreads: FoundSpread[];
}

export interface ImportedEvent {
  line: number;
  event: LedgerEvent;
}

export type LedgerImportResult =
  | {
      ok: true;
      needsMapping: true;
      header: string[];
      suggested: ColumnMapping;
      problems: string[];
    }
  | {
      ok: true;
      needsMapping: false;
      committed: boolean;
      format: { id: string; name: string } | null;
      mappingSource: "preset" | "saved" | "submitted";
      header: string[];
      mapping: ColumnMapping;
      events: ImportedEvent[];
      skipped: SkippedRow[];
      openCampaigns: { before: number; after: number; limit: number | null };
      legs: ImportLegs;
      /** The spreads' events for the position ledger, which the jobs layer records (decision 342). */
      spreadEvents: KeyedSpreadEvent[];
    }
  | { ok: false; status: 400 | 409; message: string }
  | { ok: false; status: 403; refusal: PlanRefusal; skipped?: SkippedRow[] };

/**
 * The file's table: an Interactive Brokers activity statement's Trades section (its other sections named, to list
 * as skipped), or the one table of any other export, whose header is the first line with three or more filled
 * cells (an account title line above it is skipped).
 */
function tableOf(csv: string): { table: CsvTable; sections: { name: string; line: number }[] } {
  const statement = readStatementTrades(readCsvRecords(csv));
  if (statement)
    return {
      table: { preamble: [], header: statement.header, rows: statement.rows, trailing: statement.notes },
      sections: statement.otherSections,
    };
  const table = readCsvTable(csv, { isHeader: (cells) => cells.filter((c) => c.trim() !== "").length >= 3 });
  return { table, sections: [] };
}

/**
 * Each spread event with its key: the header's signature and the cells of the lines it is made of (each line by
 * which occurrence of those cells it is in the file), so the same file gives the same keys.
 */
async function keyedSpreadEvents(
  signature: string,
  rows: readonly { line: number; cells: string[] }[],
  drafts: readonly SpreadEventDraft[],
): Promise<KeyedSpreadEvent[]> {
  const seen = new Map<string, number>();
  const lineText = new Map<number, string>();
  for (const r of rows) {
    const cellsText = r.cells.map((c) => c.trim()).join("\u001f");
    const nth = (seen.get(cellsText) ?? 0) + 1;
    seen.set(cellsText, nth);
    lineText.set(r.line, `${cellsText}\u001e${nth}`);
  }
  const keyOf = (lines: readonly number[]) =>
    sha256Hex(
      `${signature}\u001espread\u001e${[...lines]
        .sort((a, b) => a - b)
        .map((l) => lineText.get(l) ?? "")
        .join("\u001d")}`,
    );
  const out: KeyedSpreadEvent[] = [];
  for (const d of drafts)
    out.push({ ...d, key: await keyOf(d.lines), onKey: d.on.length ? await keyOf(d.on) : null });
  return out;
}

const openCount = (campaigns: readonly Campaign[]) => campaigns.filter((c) => c.status === "open").length;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function savedMapping(env: { DB: D1Database }, userId: string, signature: string) {
  const m = schema.ledgerImportMappings;
  const row = await getDb(env)
    .select({ mapping: m.mapping })
    .from(m)
    .where(and(eq(m.userId, userId), eq(m.signature, signature)))
    .get();
  return row?.mapping ?? null;
}

async function importedKeys(env: { DB: D1Database }, userId: string): Promise<Set<string>> {
  const e = schema.wheelLedgerEvents;
  const rows = await getDb(env)
    .select({ importKey: e.importKey })
    .from(e)
    .where(and(eq(e.userId, userId), isNotNull(e.importKey)));
  return new Set(rows.flatMap((r) => (r.importKey === null ? [] : [r.importKey])));
}

interface ImportRow {
  line: number;
  event: LedgerEvent;
  key: string;
  text: string;
}

/**
 * The engine's rules over the stored events and the file's rows (one build, not one per refused row).
 * A row the rules refuse is left out with the engine's reason and the build goes on in trading order, as if the
 * row were not in the file (`buildLedgerLeniently`). A refused row that corrects another is left out and the rest
 * built again (leaving it out brings back what it replaced). A refusal naming a stored event (a file row before
 * it broke it) falls back to adding the rows one at a time in the file's order. Returns the rows accepted, the
 * rows refused with their reasons, the last build that held and the build of the stored events alone.
 */
export function checkImportRows<Row extends ImportRow>(
  events: readonly LedgerEvent[],
  rows: readonly Row[],
  today: string,
): { accepted: Row[]; refused: { row: Row; reason: string }[]; built: LedgerResult; before: LedgerResult } {
  const refused: { row: Row; reason: string }[] = [];
  const byId = new Map(rows.map((r) => [r.event.id, r]));
  const optional = new Set(byId.keys());
  const before = buildLedger(events, today);
  let accepted = [...rows];
  const buildWith = () => {
    const result = buildLedgerLeniently([...events, ...accepted.map((r) => r.event)], today, optional);
    const left = new Set<Row>();
    for (const o of result.refused) {
      const row = byId.get(o.eventId)!;
      left.add(row);
      refused.push({ row, reason: ledgerRefusalMessage(o.refusal) });
    }
    if (left.size) accepted = accepted.filter((r) => !left.has(r));
    return result;
  };
  let built: LedgerResult = buildWith();
  while (!built.ok) {
    const failedId = built.eventId;
    const failed = accepted.find((r) => r.event.id === failedId);
    if (!failed) break;
    refused.push({ row: failed, reason: ledgerRefusalMessage(built.refusal) });
    accepted = accepted.filter((r) => r !== failed);
    built = buildWith();
  }
  if (built.ok) return { accepted, refused, built, before };

  const remaining = accepted;
  accepted = [];
  built = before;
  // Campaigns of different symbols do not touch: while what is kept builds, a row is refused or not by its own
  // symbol's events alone (the stored events taken after their corrections), so each trial builds only those.
  // Rows that correct something, or stored events that do not build, take the whole ledger each time.
  const bySymbol =
    before.ok && remaining.every((r) => r.event.corrects === undefined) ? effectiveBySymbol(events) : null;
  const kept = [...events];
  for (const r of remaining) {
    const own = bySymbol?.get(r.event.symbol) ?? [];
    const next = buildLedger(bySymbol ? [...own, r.event] : [...kept, r.event], today);
    if (next.ok) {
      kept.push(r.event);
      if (bySymbol) bySymbol.set(r.event.symbol, [...own, r.event]);
      accepted.push(r);
      built = next;
    } else refused.push({ row: r, reason: ledgerRefusalMessage(next.refusal) });
  }
  if (bySymbol && accepted.length) built = buildLedger(kept, today);
  return { accepted, refused, built, before };
}

/** The events that stand, by symbol, with their corrections already applied (so each list builds alone). */
function effectiveBySymbol(events: readonly LedgerEvent[]): Map<string, LedgerEvent[]> {
  const out = new Map<string, LedgerEvent[]>();
  const effective = effectiveEvents(events);
  if (!effective.ok) return out;
  for (const e of effective.events) {
    const { corrects: _corrects, ...standing } = e;
    const list = out.get(e.symbol);
    if (list) list.push(standing);
    else out.set(e.symbol, [standing]);
  }
  return out;
}

/**
 * Reads a broker export for the session user and, with `commit`, records its events in one batch. A preview
 * writes nothing. Refused: a plan without the ledger or an import that leaves more campaigns open than the plan
 * allows (403, the entitlements' words), a file without a header or rows (400), a write from a stale read (409).
 */
export async function importLedgerCsv(
  env: { DB: D1Database },
  user: EntitledUser,
  input: LedgerImportInput,
  nowMs = Date.now(),
): Promise<LedgerImportResult> {
  const { limit, allowed } = entitlementOf(user, "wheelCampaigns");
  if (!allowed) return { ok: false, status: 403, refusal: refusalOf(user, "wheelCampaigns") };

  const { table, sections } = tableOf(input.csv);
  if (!table.header) return { ok: false, status: 400, message: IMPORT_MESSAGES.noHeader };
  if (!table.rows.length) return { ok: false, status: 400, message: IMPORT_MESSAGES.noRows };
  if (table.rows.length > MAX_IMPORT_ROWS)
    return { ok: false, status: 400, message: IMPORT_MESSAGES.tooManyRows(MAX_IMPORT_ROWS) };
  const header = table.header.cells.map((c) => c.trim());
  const signature = await sha256Hex(headerSignatureText(header));

  const preset = detectPreset(header);
  let mapping: ColumnMapping;
  let mappingSource: "preset" | "saved" | "submitted";
  if (preset) {
    mapping = preset.mapping;
    mappingSource = "preset";
  } else if (input.mapping) {
    const problems = mappingProblems(input.mapping, header);
    if (problems.length) return { ok: true, needsMapping: true, header, suggested: input.mapping, problems };
    mapping = input.mapping;
    mappingSource = "submitted";
  } else {
    const saved = await savedMapping(env, user.id, signature);
    if (!saved || mappingProblems(saved, header).length)
      return { ok: true, needsMapping: true, header, suggested: guessMapping(header), problems: [] };
    mapping = saved;
    mappingSource = "saved";
  }

  const read = draftsOf(header, table.rows, mapping);
  const { pairs, unmatched } = pairLegs(read.legs);
  const spreads = findSpreads(read.legs);
  const lifecycles = spreadEvents(read.legs, spreads, pairs);
  // A spread's lines go to the position ledger, not the wheel's.
  const inSpreads = spreadLines(spreads, pairs);
  const drafts = read.drafts.filter((d) => !inSpreads.has(d.line));
  const skipped = read.skipped.filter((s) => !inSpreads.has(s.line));
  const textOf = new Map(table.rows.map((r) => [r.line, r.cells.join(", ")]));
  for (const note of lifecycles.notes)
    for (const p of pairs.filter((p) =>
      spreads.some((s) => s.lines[0] === note.line && s.lines.includes(p.open)),
    ))
      for (const c of p.closes)
        skipped.push({
          line: c.line,
          reason: note.reason === "partial" ? IMPORT_MESSAGES.spreadPartial : IMPORT_MESSAGES.spreadApart,
          text: textOf.get(c.line) ?? "",
        });
  for (const s of sections)
    skipped.push({ line: s.line, reason: IMPORT_MESSAGES.otherSection(s.name), text: s.name });
  for (const r of table.preamble)
    skipped.push({ line: r.line, reason: IMPORT_MESSAGES.beforeHeader, text: r.cells.join(", ") });
  for (const r of table.trailing)
    skipped.push({ line: r.line, reason: IMPORT_MESSAGES.summaryLine, text: r.cells.join(", ") });

  const [{ events, version }, known] = await Promise.all([
    readLedger(env, user.id),
    importedKeys(env, user.id),
  ]);
  const today = newYorkDate(nowMs);

  // Each row's key: the header's signature, its cells and which occurrence of those cells it is in the file
  // (two identical fills on one day are two events; the same file imported again gives the same keys).
  const seen = new Map<string, number>();
  const candidates: ImportRow[] = [];
  for (const row of drafts) {
    const text = row.cells.join(", ");
    const cellsText = row.cells.map((c) => c.trim()).join("\u001f");
    const nth = (seen.get(cellsText) ?? 0) + 1;
    seen.set(cellsText, nth);
    const key = await sha256Hex(`${signature}\u001e${cellsText}\u001e${nth}`);
    if (known.has(key)) {
      skipped.push({ line: row.line, reason: IMPORT_MESSAGES.duplicate, text });
      continue;
    }
    if (row.draft.date > today) {
      skipped.push({ line: row.line, reason: IMPORT_MESSAGES.futureDate, text });
      continue;
    }
    const parsed = ledgerEventInputSchema.safeParse(row.draft);
    if (!parsed.success) {
      skipped.push({ line: row.line, reason: parsed.error.issues[0]?.message ?? "Invalid row", text });
      continue;
    }
    candidates.push({ line: row.line, event: { id: crypto.randomUUID(), ...parsed.data }, key, text });
  }

  const checked = checkImportRows(events, candidates, today);
  for (const r of checked.refused) skipped.push({ line: r.row.line, reason: r.reason, text: r.row.text });
  const { accepted, built, before } = checked;
  const openBefore = before.ok ? openCount(before.campaigns) : 0;
  skipped.sort((a, b) => a.line - b.line);
  if (events.length + accepted.length > MAX_LEDGER_EVENTS)
    return { ok: false, status: 400, message: LEDGER_INPUT_MESSAGES.full };
  const openAfter = built.ok ? openCount(built.campaigns) : openBefore;
  // Counted on what the import leaves open, as a recorded event is: closing or continuing is never refused.
  if (openAfter > openBefore && openAfter > limit)
    return { ok: false, status: 403, refusal: refusalOf(user, "wheelCampaigns"), skipped };

  const result = {
    ok: true as const,
    needsMapping: false as const,
    committed: false,
    format: preset ? { id: preset.id, name: preset.name } : null,
    mappingSource,
    header,
    mapping,
    events: accepted.map(({ line, event }) => ({ line, event })),
    skipped,
    openCampaigns: { before: openBefore, after: openAfter, limit: limitForJson(limit) },
    legs: { pairs, unmatched, rolls: findRolls(read.legs), spreads },
    spreadEvents: await keyedSpreadEvents(signature, table.rows, lifecycles.events),
  };
  if (!input.commit) return result;

  const statements: D1PreparedStatement[] = [];
  const firstId = accepted[0]?.event.id ?? null;
  accepted.forEach(({ event, key }, i) => {
    // The first insert extends the version read; each later one also needs the first in place, so a stale
    // import writes nothing at all.
    // raw SQL: a conditional INSERT ... SELECT ... WHERE (the version and the first row checked where it writes).
    statements.push(
      env.DB.prepare(
        `INSERT INTO wheel_ledger_events
           (id, user_id, user_seq, symbol, kind, trade_date, corrects, event, created_at, import_key)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, NULL, ?7, ?8, ?9
          WHERE (SELECT COALESCE(MAX(user_seq), 0) FROM wheel_ledger_events WHERE user_id = ?2) = ?3 - 1
            AND (?10 IS NULL OR EXISTS (SELECT 1 FROM wheel_ledger_events WHERE id = ?10))`,
      ).bind(
        event.id,
        user.id,
        version + 1 + i,
        event.symbol,
        event.kind,
        event.date,
        JSON.stringify(event),
        nowMs,
        key,
        i === 0 ? null : firstId,
      ),
    );
  });
  if (mappingSource === "submitted")
    // raw SQL: a conditional upsert, written only when the import's first event is in place.
    statements.push(
      env.DB.prepare(
        `INSERT INTO ledger_import_mappings (user_id, signature, mapping, updated_at)
         SELECT ?1, ?2, ?3, ?4 WHERE ?5 IS NULL OR EXISTS (SELECT 1 FROM wheel_ledger_events WHERE id = ?5)
         ON CONFLICT (user_id, signature) DO UPDATE SET mapping = excluded.mapping, updated_at = excluded.updated_at`,
      ).bind(user.id, signature, JSON.stringify(mapping), nowMs, firstId),
    );
  if (!statements.length) return { ...result, committed: true };
  const results = await env.DB.batch(statements);
  if (accepted.length && changes(results[0]!) === 0)
    return { ok: false, status: 409, message: LEDGER_INPUT_MESSAGES.stale };
  return { ...result, committed: true };
}
