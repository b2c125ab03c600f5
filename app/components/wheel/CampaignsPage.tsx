// The Campaigns tab of /wheels (decision 270): each wheel campaign with both cost bases, the line that
// reconciles its P&L under them, and its returns with the convention written next to each figure; a form to
// record an event; the CSV export. A Free user sees what the ledger does and an upgrade link.
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Campaign, LedgerEvent, LedgerEventKind } from "#app/engine/wheel/ledger.ts";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import { formatPrice, formatRatioPercent, formatUsd } from "#app/lib/format.ts";
import {
  BASIS_CONVENTIONS,
  CLOSED_BASIS_NOTES,
  LEDGER_EVENT_LABELS,
  RETURN_CONVENTIONS,
  type RecordFormValues,
} from "#app/lib/wheel/ledger.ts";
import { LedgerImportSection } from "#app/components/wheel/LedgerImportSection.tsx";
import { ProposalsSection, type ProposalView } from "#app/components/wheel/ProposalsSection.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { controlClass } from "#app/components/ui/Field.tsx";
import { WheelsSections } from "#app/components/wheel/WheelsSections.tsx";

export interface CampaignsPageData {
  /** The open campaigns and the closed ones shown, newest first. */
  campaigns: Campaign[];
  /** The events of the campaigns shown (what the form may correct). */
  events: LedgerEvent[];
  /** Every event recorded. */
  eventCount?: number;
  /** Closed campaigns in all, those not shown yet, and the `closed` query of the next page. */
  closedCampaigns?: number;
  closedRemaining?: number;
  nextClosed?: number;
  openCampaigns: number;
  limit: number | null;
  asOf: string;
  /** Expirations the cron proposes for confirmation (decision 281). */
  proposals?: ProposalView[];
}

export interface CampaignsActionData {
  error?: string;
  success?: string;
  /** What the form shows after this answer (decision 274). */
  values?: RecordFormValues;
  formKey?: string;
}

const OPTION_KINDS = new Set<LedgerEventKind>([
  "sell_to_open",
  "buy_to_close",
  "expire",
  "assign",
  "exercise",
  "called_away",
]);
const PRICE_KINDS = new Set<LedgerEventKind>(["sell_to_open", "buy_to_close", "buy_shares", "sell_shares"]);
const SHARE_KINDS = new Set<LedgerEventKind>(["buy_shares", "sell_shares"]);
const AMOUNT_KINDS = new Set<LedgerEventKind>(["dividend", "fee"]);

const money = (v: number | null) => (v === null ? "-" : formatUsd(v));
const perShare = (v: number | null) => (v === null ? "-" : `$${formatPrice(v)}`);

function Figure({ label, value, convention }: { label: string; value: string; convention: string }) {
  return (
    <div className="rounded-lg border border-ink-700 bg-ink-900 p-3">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold text-white">{value}</dd>
      <dd className="text-xs text-slate-500">{convention}</dd>
    </div>
  );
}

function CampaignCard({ campaign: c }: { campaign: Campaign }) {
  const r = c.returns;
  const p = c.pnl;
  // A closed campaign holds no shares: it shows the bases that applied at its close (decision 314).
  const closed = c.status === "closed";
  const atClose = closed ? c.basesAtClose : null;
  const basisNote = (convention: string) =>
    !closed
      ? convention
      : atClose
        ? `${CLOSED_BASIS_NOTES.atClose(atClose.shares)}. ${convention}`
        : CLOSED_BASIS_NOTES.noShares;
  return (
    <article
      className="rounded-xl border border-ink-700 bg-ink-900/60 p-4"
      data-testid="campaign"
      id={`campaign-${c.id}`}
      aria-label={`${c.symbol} campaign`}
    >
      <header className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold text-white">
          {c.symbol}{" "}
          <span className={`text-sm ${c.status === "open" ? "text-brand-400" : "text-slate-400"}`}>
            {c.status === "open" ? "Open" : "Closed"}
          </span>
        </h2>
        <p className="text-xs text-slate-400">
          {c.startDate} to {c.endDate ?? "today"} · {c.sharesHeld} shares held
          {c.openOptions.length
            ? ` · ${c.openOptions.map((o) => `${o.contracts} ${o.optionType} ${formatPrice(o.strike)} ${o.expiration}`).join(", ")}`
            : ""}
        </p>
      </header>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Figure label="Total P&L" value={money(p.total)} convention={BASIS_CONVENTIONS.reconciliation} />
        <Figure
          label={closed ? "Broker cost basis at close" : "Broker cost basis"}
          value={perShare(closed ? (atClose?.brokerBasis ?? null) : c.brokerBasis)}
          convention={basisNote(BASIS_CONVENTIONS.broker)}
        />
        <Figure
          label={closed ? "Premium-adjusted cost basis at close" : "Premium-adjusted cost basis"}
          value={perShare(closed ? (atClose?.adjustedBasis ?? null) : c.adjustedBasis)}
          convention={basisNote(BASIS_CONVENTIONS.adjusted)}
        />
      </dl>
      <p className="mt-2 text-sm text-slate-300" data-testid="reconciliation">
        Broker: realised {money(p.brokerRealised)} + unrealised {money(p.brokerUnrealised)} ={" "}
        {money(p.brokerRealised + p.brokerUnrealised)} · Premium-adjusted:{" "}
        {money(p.adjustedRealised + p.adjustedUnrealised)} · difference{" "}
        {money(Math.abs(p.difference) < 0.005 ? 0 : p.difference)}
        {c.priceUsed === null && c.status === "open"
          ? " (no current price: shares valued at the broker basis)"
          : ""}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2 lg:grid-cols-5">
        <Figure
          label="Capital-weighted (annualised)"
          value={r.annualised ? formatRatioPercent(r.capitalWeightedAnnualised) : "—"}
          convention={
            r.annualised
              ? RETURN_CONVENTIONS.capitalWeightedAnnualised
              : RETURN_CONVENTIONS.tooShortToAnnualise
          }
        />
        <Figure
          label="Simple annualised"
          value={r.annualised ? formatRatioPercent(r.simpleAnnualised) : "—"}
          convention={
            r.annualised ? RETURN_CONVENTIONS.simpleAnnualised : RETURN_CONVENTIONS.tooShortToAnnualise
          }
        />
        <Figure
          label="P&L over peak capital"
          value={formatRatioPercent(r.pnlOverPeakCapital)}
          convention={RETURN_CONVENTIONS.pnlOverPeakCapital}
        />
        <Figure
          label="Days in trade"
          value={String(r.daysInTrade)}
          convention={RETURN_CONVENTIONS.daysInTrade}
        />
        <Figure label="Idle days" value={String(r.idleDays)} convention={RETURN_CONVENTIONS.idleDays} />
      </dl>
      <details className="mt-3 text-sm text-slate-300">
        <summary className="cursor-pointer text-slate-400">Steps ({c.steps.length})</summary>
        <ol className="mt-2 space-y-1">
          {c.steps.map((s) => (
            <li
              key={s.eventIds.join("+")}
              className="flex justify-between gap-2 border-b border-ink-800 py-1"
            >
              <span>
                {s.date} · {s.kind === "roll" ? "Roll (close + open)" : LEDGER_EVENT_LABELS[s.kind]}
              </span>
              <span className="tabular-nums">{money(s.cash)}</span>
            </li>
          ))}
        </ol>
      </details>
    </article>
  );
}

const inputClass = `${controlClass} mt-1 block w-full text-sm`;

function Field({
  label,
  name,
  ...rest
}: { label: string; name: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="block text-xs text-slate-300">
      {label}
      <input name={name} className={inputClass} {...rest} />
    </label>
  );
}

function RecordEventForm({
  events,
  today,
  actionData,
}: {
  events: LedgerEvent[];
  today: string;
  actionData?: CampaignsActionData;
}) {
  const v = actionData?.values ?? {};
  const [kind, setKind] = useState<LedgerEventKind>(
    v.kind && v.kind in LEDGER_EVENT_LABELS ? (v.kind as LedgerEventKind) : "sell_to_open",
  );
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const isOption = OPTION_KINDS.has(kind);
  return (
    <Form
      method="post"
      className="rounded-xl border border-ink-700 bg-ink-900/60 p-4"
      aria-label="Record an event"
    >
      <h2 className="mb-3 text-lg font-semibold text-white">Record an event</h2>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <label className="block text-xs text-slate-300">
          Event
          <select
            name="kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as LedgerEventKind)}
            className={inputClass}
          >
            {(Object.keys(LEDGER_EVENT_LABELS) as LedgerEventKind[]).map((k) => (
              <option key={k} value={k}>
                {LEDGER_EVENT_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <Field
          label="Trade date"
          name="date"
          type="date"
          defaultValue={v.date ?? today}
          max={today}
          required
        />
        <Field
          label="Symbol"
          name="symbol"
          autoCapitalize="characters"
          maxLength={7}
          defaultValue={v.symbol}
          required
        />
        {isOption ? (
          <>
            <label className="block text-xs text-slate-300">
              Option
              <select name="optionType" className={inputClass} defaultValue={v.optionType ?? "put"}>
                <option value="put">Put</option>
                <option value="call">Call</option>
              </select>
            </label>
            <Field label="Strike" name="strike" inputMode="decimal" defaultValue={v.strike} />
            <Field label="Expiration" name="expiration" type="date" defaultValue={v.expiration} />
            <Field label="Contracts" name="contracts" inputMode="numeric" defaultValue={v.contracts ?? "1"} />
          </>
        ) : null}
        {PRICE_KINDS.has(kind) ? (
          <Field label="Price per share" name="price" inputMode="decimal" defaultValue={v.price} />
        ) : null}
        {SHARE_KINDS.has(kind) ? (
          <Field label="Shares" name="shares" inputMode="numeric" defaultValue={v.shares} />
        ) : null}
        {AMOUNT_KINDS.has(kind) ? (
          <Field
            label={kind === "dividend" ? "Dividend per share" : "Fee ($)"}
            name="amount"
            inputMode="decimal"
            defaultValue={v.amount}
          />
        ) : null}
        {kind === "dividend" ? (
          <Field label="Ex-date" name="exDate" type="date" defaultValue={v.exDate} />
        ) : null}
        {kind !== "fee" && kind !== "void" ? (
          <Field label="Commission ($)" name="fee" inputMode="decimal" defaultValue={v.fee} />
        ) : null}
        <label className="block text-xs text-slate-300">
          {kind === "void" ? "Event to void" : "Corrects (optional)"}
          <select name="corrects" className={inputClass} defaultValue={v.corrects ?? ""}>
            <option value="">{kind === "void" ? "Choose an event" : "Nothing: a new event"}</option>
            {events.map((e) => (
              <option key={e.id} value={e.id}>
                {e.date} {e.symbol} {LEDGER_EVENT_LABELS[e.kind]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={buttonClass()}>
          {busy ? "Saving..." : "Record event"}
        </button>
        {actionData?.error ? (
          <p role="alert" className="text-sm text-red-300">
            {actionData.error}
          </p>
        ) : null}
        {actionData?.success ? (
          <p role="status" className="text-sm text-brand-300">
            {actionData.success}
          </p>
        ) : null}
      </div>
      <p className="mt-2 text-xs text-slate-500">
        Events are never edited: a correction is a new event that replaces the one it names.
      </p>
    </Form>
  );
}

function FreeExplainer() {
  return (
    <section className="rounded-xl border border-ink-700 bg-ink-900/60 p-5" aria-label="About campaigns">
      <h2 className="mb-2 text-lg font-semibold text-white">
        Track every wheel from the first put to the call-away
      </h2>
      <ul className="mb-4 list-disc space-y-1 pl-5 text-sm text-slate-300">
        <li>Puts, assignments (partial too), covered calls, rolls, dividends and fees in one campaign.</li>
        <li>
          Your broker&apos;s cost basis and the premium-adjusted basis side by side, reconciled to the same
          P&amp;L.
        </li>
        <li>
          Returns that count the capital tied up and the idle days, with the convention next to each figure.
        </li>
      </ul>
      <p className="mb-4 text-sm text-slate-300">{REFUSAL_MESSAGES.freePositions}</p>
      <Link to="/pricing" className={buttonClass()}>
        Upgrade
      </Link>
    </section>
  );
}

export function CampaignsPage({
  data,
  actionData,
}: {
  data: CampaignsPageData;
  actionData?: CampaignsActionData;
}) {
  const canRecord = data.limit === null || data.limit > 0;
  return (
    <div>
      <h1 className="mb-4 text-2xl font-semibold tracking-tight text-white sm:text-3xl">Wheels</h1>
      <WheelsSections active="campaigns" />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-300">
          {data.openCampaigns} open campaign{data.openCampaigns === 1 ? "" : "s"}
          {data.limit !== null && data.limit > 0 ? ` of ${data.limit} on your plan` : ""} · valued {data.asOf}
        </p>
        {(data.eventCount ?? data.events.length) ? (
          <a
            href="/api/wheel/ledger/export"
            download
            className="rounded-lg border border-ink-600 px-3 py-1.5 text-sm text-slate-200 hover:border-brand-500"
          >
            Export CSV
          </a>
        ) : null}
      </div>
      {canRecord ? <ProposalsSection proposals={data.proposals ?? []} /> : null}
      {canRecord ? (
        <RecordEventForm
          key={actionData?.formKey ?? "new"}
          events={data.events}
          today={data.asOf}
          actionData={actionData}
        />
      ) : (
        <FreeExplainer />
      )}
      {canRecord ? <LedgerImportSection /> : null}
      <div className="mt-4 space-y-4">
        {data.campaigns.length === 0 && canRecord ? (
          <p className="text-sm text-slate-400">
            No campaigns yet. Record the first cash-secured put or share purchase to start one.
          </p>
        ) : null}
        {data.campaigns.map((c) => (
          <CampaignCard key={c.id} campaign={c} />
        ))}
        {data.closedRemaining ? (
          <p
            className="flex flex-wrap items-center gap-3 text-sm text-slate-300"
            data-testid="closed-remaining"
          >
            {data.closedRemaining} older closed campaign{data.closedRemaining === 1 ? "" : "s"} not shown
            <Link
              to={`?closed=${data.nextClosed ?? data.campaigns.length + 20}`}
              preventScrollReset
              className={buttonClass({ variant: "secondary", size: "sm" })}
            >
              Show more
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
