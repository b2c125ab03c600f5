// Small pieces shared by /feedback and /admin: status badge, Elite crown, filter chips. User text is
// always rendered as React text children (never as HTML), so stored markup stays inert.
import { Link } from "react-router";
import { isFeatureStatus, STATUS_BADGE_CLASS, statusLabel } from "#app/lib/feedback.ts";

export function StatusBadge({ status }: { status: string }) {
  const colour = isFeatureStatus(status) ? STATUS_BADGE_CLASS[status] : "border-ink-600 text-slate-300";
  return (
    <span
      data-testid="status-badge"
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium ${colour}`}
    >
      {statusLabel(status)}
    </span>
  );
}

export function CrownIcon({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7z" />
    </svg>
  );
}

/** Elite authors' crown: a crown icon and a gold border (docs/product/feedback-board.md#feature-requests). */
export function EliteMark() {
  return (
    <span
      className="inline-flex items-center gap-1 text-xs font-semibold text-amber-300"
      title="Elite member"
    >
      <CrownIcon />
      <span>Elite</span>
    </span>
  );
}

export const ELITE_CARD_CLASS = "border-amber-400/70 shadow-[0_0_0_1px_rgba(251,191,36,0.25)]";

/**
 * A chip row with the product's rules (lib/feedback.ts toggleChip). Chips are links, so the filter lives in
 * the URL and the loader filters on the server.
 */
export function ChipBar<T extends string>({
  label,
  chips,
  selected,
  hrefFor,
}: {
  label: string;
  chips: readonly { value: T; label: string }[];
  selected: readonly T[];
  hrefFor: (chip: T | "all") => string;
}) {
  const chip = (value: T | "all", text: string, on: boolean) => (
    <Link
      key={value}
      to={hrefFor(value)}
      preventScrollReset
      replace
      aria-pressed={on}
      data-chip={value}
      className={`rounded-full border px-3 py-1 text-sm transition ${
        on
          ? "border-brand-500 bg-brand-500/15 text-brand-400"
          : "border-ink-600 text-slate-300 hover:border-slate-500 hover:text-white"
      }`}
    >
      {text}
    </Link>
  );
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {chip("all", "All", selected.length === 0)}
      {chips.map((c) => chip(c.value, c.label, selected.includes(c.value)))}
    </div>
  );
}
