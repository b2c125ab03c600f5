// The wheel ledger's import of broker transaction exports (issue 31, decisions 272, 273). One function reads a
// file for the preview and, when the user confirms, writes it: the same reading, the same checks, so what the
// preview promised is what is stored. Nothing is written by a preview. The file is read by the app's one CSV
// reader; rows become event drafts by a broker preset or the user's column mapping (app/lib/ledger-import.ts);
// each draft passes the ledger's input schema and the engine's rules with the events already stored; a row
// already imported (same header signature, same cells, same occurrence) is skipped. The plan's open campaigns
// are counted on what the import leaves open.
import { and, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { buildLedger, type Campaign, type LedgerEvent } from "../../engine/wheel-ledger";
import { newYorkDate } from "../../engine/time";
import { readCsvTable } from "../../lib/csv";
import {
  detectPreset,
  draftsOf,
  guessMapping,
  headerSignatureText,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  mappingProblems,
  type ColumnMapping,
  type SkippedRow,
} from "../../lib/ledger-import";
import { limitForJson } from "../../lib/entitlements";
import { LEDGER_INPUT_MESSAGES, ledgerRefusalMessage, MAX_LEDGER_EVENTS } from "../../lib/wheel-ledger";
import { getDb, schema } from "../db/client.server";
import { changes } from "../db/sql.server";
import { entitlementOf, refusalOf, type EntitledUser, type PlanRefusal } from "../entitlements.server";
import { ledgerEventInputSchema, readLedger } from "./ledger.server";

/** Rows one import reads at most: each is checked against the whole ledger. */
export const MAX_IMPORT_ROWS = 500;
/** The file's text at most (a year of a busy account's transactions is well under it). */
export const MAX_IMPORT_CHARS = 400_000;

const columnNames = z.array(z.string().trim().min(1).max(100)).max(4);
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
    }
  | { ok: false; status: 400 | 409; message: string }
  | { ok: false; status: 403; refusal: PlanRefusal; skipped?: SkippedRow[] };

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

  // The header is the first line with three or more filled cells: an account title line above it is skipped.
  const table = readCsvTable(input.csv, {
    isHeader: (cells) => cells.filter((c) => c.trim() !== "").length >= 3,
  });
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

  const { drafts, skipped } = draftsOf(header, table.rows, mapping);
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
  const candidates: { line: number; event: LedgerEvent; key: string; text: string }[] = [];
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

  // The engine's rules over the stored events and the file's. The engine names the first event it refuses (in
  // trading order): a file row is skipped with the engine's reason and the rest built again, so a file costs one
  // build per refused row, not one per row. A refusal naming a stored event (a file row before it broke it) falls
  // back to adding the rows one at a time.
  const before = buildLedger(events, today);
  const openBefore = before.ok ? openCount(before.campaigns) : 0;
  let accepted = candidates;
  let built = buildLedger([...events, ...accepted.map((c) => c.event)], today);
  while (!built.ok) {
    const failedId = built.eventId;
    const failed = accepted.find((c) => c.event.id === failedId);
    if (!failed) break;
    skipped.push({ line: failed.line, reason: ledgerRefusalMessage(built.refusal), text: failed.text });
    accepted = accepted.filter((c) => c !== failed);
    built = buildLedger([...events, ...accepted.map((c) => c.event)], today);
  }
  if (!built.ok) {
    const remaining = accepted;
    accepted = [];
    const kept = [...events];
    built = before;
    for (const c of remaining) {
      const next = buildLedger([...kept, c.event], today);
      if (next.ok) {
        kept.push(c.event);
        accepted.push(c);
        built = next;
      } else skipped.push({ line: c.line, reason: ledgerRefusalMessage(next.refusal), text: c.text });
    }
  }
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
