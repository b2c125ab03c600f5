// Import a broker's transaction export into the wheel ledger (decisions 272, 273, 304): pick a file, see
// the server's preview (the broker it recognised, or mapping selects for an unknown header, which a broker's
// layout can fill and where fees may take several columns; the events it would record; every row it would skip,
// with the reason), then confirm. Nothing is written before the confirm.
import { buttonClass } from "#app/components/ui/Button.tsx";
import { controlClass } from "#app/components/ui/Field.tsx";
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import type { LedgerEvent } from "#app/engine/wheel/ledger.ts";
import { callApi } from "#app/lib/api-client.ts";
import { formatPrice } from "#app/lib/format.ts";
import {
  BROKER_PRESETS,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  MAX_MAPPING_COLUMNS,
  MULTI_COLUMN_FIELDS,
  presetMapping,
  REQUIRED_IMPORT_FIELDS,
  type ColumnMapping,
  type ImportField,
} from "#app/lib/wheel/ledger-import.ts";
import { LEDGER_EVENT_LABELS } from "#app/lib/wheel/ledger.ts";

interface SkippedRow {
  line: number;
  reason: string;
  text: string;
}

type ImportAnswerRead = Extract<ImportAnswer, { needsMapping: false }>;

type ImportAnswer =
  | { needsMapping: true; header: string[]; suggested: ColumnMapping; problems: string[] }
  | {
      needsMapping: false;
      committed: boolean;
      format: { id: string; name: string } | null;
      mappingSource: "preset" | "saved" | "submitted";
      mapping: ColumnMapping;
      events: { line: number; event: LedgerEvent }[];
      skipped: SkippedRow[];
      openCampaigns: { before: number; after: number; limit: number | null };
      legs: ImportLegs;
      spreads: {
        events: {
          key: string;
          kind: string;
          symbol: string;
          date: string;
          lines: number[];
          reason: string | null;
        }[];
        recorded: number;
        openPositions: { before: number; after: number; limit: number | null };
      };
    };

interface ImportLegs {
  pairs: {
    symbol: string;
    optionType: string;
    strike: number;
    expiration: string;
    side: "short" | "long";
    open: number;
    contracts: number;
    closes: { line: number; contracts: number; effect: "close" | "expire" | "assign" }[];
    remaining: number;
  }[];
  rolls: { symbol: string; date: string; closed: number[]; opened: number[] }[];
  spreads: { symbol: string; strategy: string; date: string; lines: number[]; credit: number }[];
}

const CLOSE_WORDS = { close: "closed", expire: "expired", assign: "assigned" } as const;
const STRATEGY_WORDS: Record<string, string> = {
  BULL_PUT_SPREAD: "bull put spread",
  BEAR_CALL_SPREAD: "bear call spread",
  IRON_CONDOR: "iron condor",
};
const SPREAD_EVENT_WORDS: Record<string, string> = {
  open: "opened",
  close: "closed",
  roll: "rolled",
  expire: "expired",
  assign: "assigned",
};
const newSpreadEvents = (answer: ImportAnswerRead) =>
  answer.spreads.events.filter((e) => e.reason === null).length;
const lineList = (lines: readonly number[]) => `line${lines.length === 1 ? "" : "s"} ${lines.join(", ")}`;

/** The legs paired, the rolls and the spreads the file holds, briefly; spreads go to the positions list. */
function LegsFound({ legs, spreads }: { legs: ImportLegs; spreads: ImportAnswerRead["spreads"] }) {
  if (!legs.pairs.length) return null;
  return (
    <details className="mt-2" data-testid="import-pairs">
      <summary className="cursor-pointer text-sm text-slate-200">
        {legs.pairs.length} leg{legs.pairs.length === 1 ? "" : "s"} paired, {legs.rolls.length} roll
        {legs.rolls.length === 1 ? "" : "s"}, {legs.spreads.length} spread
        {legs.spreads.length === 1 ? "" : "s"}
      </summary>
      <ul className="mt-1 max-h-64 space-y-1 overflow-y-auto text-xs text-slate-300" aria-label="Legs paired">
        {legs.pairs.map((p) => (
          <li key={p.open}>
            <span className="text-slate-500">Line {p.open}:</span> {p.side === "short" ? "sold" : "bought"}{" "}
            {p.contracts} {p.symbol} {p.optionType} {formatPrice(p.strike)} {p.expiration}
            {p.closes.map((c) => `; ${c.contracts} ${CLOSE_WORDS[c.effect]} on line ${c.line}`).join("")}
            {p.remaining ? `; ${p.remaining} still open` : ""}
          </li>
        ))}
      </ul>
      {legs.rolls.length ? (
        <ul className="mt-2 space-y-1 text-xs text-slate-300" aria-label="Rolls">
          {legs.rolls.map((r) => (
            <li key={`${r.symbol}-${r.date}`}>
              Roll, {r.symbol} {r.date}: closed {lineList(r.closed)}, opened {lineList(r.opened)}
            </li>
          ))}
        </ul>
      ) : null}
      {legs.spreads.length ? (
        <ul className="mt-2 space-y-1 text-xs text-slate-300" aria-label="Spreads">
          {legs.spreads.map((s) => (
            <li key={s.lines.join("-")}>
              {STRATEGY_WORDS[s.strategy] ?? s.strategy}, {s.symbol} {s.date} ({lineList(s.lines)}), credit $
              {formatPrice(s.credit)} a share
            </li>
          ))}
          {spreads.events.map((e) => (
            <li key={e.key} className={e.reason ? "text-amber-200" : undefined}>
              Position {SPREAD_EVENT_WORDS[e.kind] ?? e.kind}, {e.symbol} {e.date} ({lineList(e.lines)})
              {e.reason ? `: ${e.reason}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}

const FAILED = "The import could not be read. Please try again.";
const inputClass = `${controlClass} mt-1 w-full text-sm`;

function eventText(e: LedgerEvent): string {
  const contract =
    e.optionType && e.strike !== undefined
      ? ` ${e.contracts ?? ""} ${e.optionType} ${formatPrice(e.strike)} ${e.expiration ?? ""}`
      : "";
  const shares = e.shares !== undefined ? ` ${e.shares} shares` : "";
  const price = e.price !== undefined ? ` at $${formatPrice(e.price)}` : "";
  return `${e.date} ${e.symbol} ${LEDGER_EVENT_LABELS[e.kind]}${contract}${shares}${price}`;
}

/**
 * One field's column selects: one per column it names; a field that may sum several (fees) also offers an empty
 * select for another. Choosing "Not in this file" in a select drops that column.
 */
function FieldColumns({
  field,
  header,
  columns,
  onChange,
}: {
  field: ImportField;
  header: readonly string[];
  columns: readonly string[];
  onChange: (columns: string[]) => void;
}) {
  const label = `${IMPORT_FIELD_LABELS[field]}${REQUIRED_IMPORT_FIELDS.includes(field) ? " *" : ""}`;
  const more = MULTI_COLUMN_FIELDS.includes(field) && columns.length < MAX_MAPPING_COLUMNS;
  const slots = columns.length === 0 ? [""] : more ? [...columns, ""] : [...columns];
  const choose = (i: number, value: string) => {
    const next = slots.map((c, j) => (j === i ? value : c)).filter((c) => c !== "");
    onChange([...new Set(next)]);
  };
  // Labels by id, not wrapped: a wrapping label would add the chosen column to the select's name.
  const id = useId();
  return (
    <div>
      {slots.map((column, i) => (
        <div key={i} className={i ? "mt-1" : undefined}>
          <label htmlFor={`${id}-${i}`} className="block text-xs text-slate-300">
            {i === 0 ? label : `${IMPORT_FIELD_LABELS[field]}, column ${i + 1}`}
          </label>
          <select
            id={`${id}-${i}`}
            className={inputClass}
            value={column}
            onChange={(e) => choose(i, e.target.value)}
          >
            <option value="">{i === 0 ? "Not in this file" : "No other column"}</option>
            {header.map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}

export function LedgerImportSection() {
  const revalidator = useRevalidator();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const layoutId = useId();

  const send = async (text: string, body: { mapping?: ColumnMapping; commit?: boolean }) => {
    setBusy(true);
    setError(null);
    const res = await callApi<ImportAnswer>(
      "/api/wheel/ledger/import",
      { body: { csv: text, ...body } },
      () => FAILED,
    );
    setBusy(false);
    if (!res.ok) {
      setError(res.message);
      return;
    }
    setAnswer(res.body);
    if (res.body.needsMapping) setMapping(res.body.suggested);
    if (!res.body.needsMapping && res.body.committed) revalidator.revalidate();
  };

  const pick = async (picked: File | undefined) => {
    setAnswer(null);
    if (!picked) return;
    const text = await picked.text();
    setFile({ name: picked.name, text });
    await send(text, {});
  };

  const submittedMapping = answer && !answer.needsMapping && answer.mappingSource === "submitted";
  const confirm = () => file && send(file.text, { commit: true, ...(submittedMapping ? { mapping } : {}) });

  return (
    <section
      className="mt-4 rounded-xl border border-ink-700 bg-ink-900/60 p-4"
      aria-labelledby="ledger-import-title"
    >
      <h2 id="ledger-import-title" className="mb-1 text-lg font-semibold text-white">
        Import from your broker
      </h2>
      <p className="mb-3 text-xs text-slate-400">
        A transaction history CSV from Schwab, Fidelity, Robinhood or tastytrade, or an Interactive Brokers
        activity statement, is read as it is (spreads go to your positions); any other file, once you say
        which column is which. You see every event before anything is saved; rows already imported are
        skipped.
      </p>
      <label className="block text-xs text-slate-300">
        CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(e) => void pick(e.target.files?.[0])}
          className="mt-1 block w-full text-sm text-slate-200 file:mr-3 file:rounded-lg file:border-0 file:bg-ink-700 file:px-3 file:py-1.5 file:text-slate-100"
        />
      </label>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-300">
          {error}
        </p>
      ) : null}
      {busy ? (
        <p role="status" className="mt-3 text-sm text-slate-300">
          Reading...
        </p>
      ) : null}

      {answer?.needsMapping && file ? (
        <div className="mt-3" data-testid="import-mapping">
          <p className="mb-2 text-sm text-slate-200">
            {file.name}: this layout is new to us. Choose the column for each field; it is remembered for
            files with the same columns.
          </p>
          {answer.problems.length ? (
            <ul role="alert" className="mb-2 list-disc pl-5 text-sm text-red-300">
              {answer.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
          <div className="mb-2">
            <label htmlFor={`${layoutId}-layout`} className="block text-xs text-slate-300">
              Fill in from a broker&apos;s layout
            </label>
            <select
              id={`${layoutId}-layout`}
              className={inputClass}
              value=""
              onChange={(e) => {
                const preset = BROKER_PRESETS.find((p) => p.id === e.target.value);
                if (preset) setMapping(presetMapping(preset, answer.header));
              }}
            >
              <option value="">Choose a broker</option>
              {BROKER_PRESETS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3">
            {IMPORT_FIELDS.map((field: ImportField) => (
              <FieldColumns
                key={field}
                field={field}
                header={answer.header}
                columns={mapping[field] ?? []}
                onChange={(columns) =>
                  setMapping((m) => ({ ...m, [field]: columns.length ? columns : undefined }))
                }
              />
            ))}
          </div>
          <button
            type="button"
            disabled={busy}
            onClick={() => void send(file.text, { mapping })}
            className="mt-3 rounded-lg border border-ink-600 px-4 py-2 text-sm text-slate-100 hover:border-brand-500 disabled:opacity-60"
          >
            Preview
          </button>
        </div>
      ) : null}

      {answer && !answer.needsMapping ? (
        <div className="mt-3" data-testid="import-preview">
          <p role="status" className="text-sm text-slate-200">
            {answer.committed
              ? `Imported ${answer.events.length} event${answer.events.length === 1 ? "" : "s"}${answer.spreads.recorded ? ` and ${answer.spreads.recorded} spread position event${answer.spreads.recorded === 1 ? "" : "s"}` : ""}.`
              : `${answer.format ? `Recognised: ${answer.format.name}.` : answer.mappingSource === "saved" ? "Read with your saved columns." : "Read with the columns you chose."} ${answer.events.length} event${answer.events.length === 1 ? "" : "s"} to import, ${answer.skipped.length} row${answer.skipped.length === 1 ? "" : "s"} skipped.`}{" "}
            Open campaigns: {answer.openCampaigns.before} now, {answer.openCampaigns.after} after
            {answer.openCampaigns.limit !== null ? ` (your plan allows ${answer.openCampaigns.limit})` : ""}.
          </p>
          {answer.events.length ? (
            <ul
              className="mt-2 max-h-64 space-y-1 overflow-y-auto text-xs text-slate-300"
              aria-label="Events"
            >
              {answer.events.map(({ line, event }) => (
                <li key={`${line}-${event.id}`}>
                  <span className="text-slate-500">Line {line}:</span> {eventText(event)}
                </li>
              ))}
            </ul>
          ) : null}
          <LegsFound legs={answer.legs} spreads={answer.spreads} />
          {answer.skipped.length ? (
            <details className="mt-2" open={!answer.committed}>
              <summary className="cursor-pointer text-sm text-slate-200">Skipped rows</summary>
              <ul className="mt-1 max-h-64 space-y-1 overflow-y-auto text-xs" aria-label="Skipped rows">
                {answer.skipped.map((s) => (
                  <li key={`${s.line}-${s.reason}`} className="break-words text-slate-400">
                    <span className="text-slate-500">Line {s.line}:</span>{" "}
                    <span className="text-amber-200">{s.reason}</span>
                    {s.text ? <span className="block text-slate-500">{s.text}</span> : null}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {!answer.committed && (answer.events.length || newSpreadEvents(answer)) ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => void confirm()}
              className={buttonClass({ className: "mt-3" })}
            >
              Import {answer.events.length} event{answer.events.length === 1 ? "" : "s"}
              {newSpreadEvents(answer) ? ` and ${newSpreadEvents(answer)} spread position events` : ""}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
