// The /spreads screen's controls around the list: the risk profile picker, auto-refresh and refresh, and the
// risk disclosure under it.
import { useEffect, useRef, useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { PROFILE_TARGETS, SPREAD_PROFILES, type SpreadProfile } from "#app/engine/index.ts";
import { formatDecimal } from "#app/lib/format.ts";
import { autoRefreshDelay, ideasDataText, PROFILE_LABELS, TRADE_IDEAS_TEXT } from "#app/lib/trade-ideas.ts";
import { useToast } from "#app/components/shell/Toaster.tsx";
import { buttonClass } from "#app/components/ui/Button.tsx";

/** Conservative / Balanced / Aggressive: one form, one button each (works before hydration). */
export function ProfilePicker({ current }: { current: SpreadProfile }) {
  return (
    <Form
      method="post"
      preventScrollReset
      className="mb-4 flex flex-wrap items-center gap-2"
      data-testid="profile-picker"
    >
      <span className="text-sm text-slate-400">Profile</span>
      {SPREAD_PROFILES.map((p) => {
        const t = PROFILE_TARGETS[p];
        return (
          <button
            key={p}
            type="submit"
            name="profile"
            value={p}
            aria-pressed={p === current}
            title={`${t.minDte}-${t.maxDte} days (best ${t.preferMinDte}-${t.preferMaxDte}), short strikes ${formatDecimal(t.minDelta, 2)}-${formatDecimal(t.maxDelta, 2)} delta`}
            className={
              p === current
                ? "rounded-lg bg-brand-500 px-3 py-1.5 text-sm font-semibold text-ink-950"
                : "rounded-lg border border-ink-600 bg-ink-850 px-3 py-1.5 text-sm text-slate-200 hover:border-brand-500"
            }
          >
            {PROFILE_LABELS[p]}
          </button>
        );
      })}
      <span className="text-xs text-slate-500">
        {PROFILE_TARGETS[current].minDte}-{PROFILE_TARGETS[current].maxDte} DTE, short strikes{" "}
        {formatDecimal(PROFILE_TARGETS[current].minDelta, 2)}-
        {formatDecimal(PROFILE_TARGETS[current].maxDelta, 2)} delta
      </span>
    </Form>
  );
}

export function AutoRefreshToggle() {
  const revalidator = useRevalidator();
  const [on, setOn] = useState(false);
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    if (!on) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(async () => {
        await revalidate.current();
        schedule();
      }, autoRefreshDelay());
    };
    schedule();
    return () => clearTimeout(timer);
  }, [on]);
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-300">
      <input
        type="checkbox"
        role="switch"
        aria-checked={on}
        checked={on}
        onChange={(e) => setOn(e.target.checked)}
        className="h-4 w-4 accent-brand-500"
        data-testid="auto-refresh"
      />
      Auto-refresh
      <span className="text-xs text-slate-500">(every 13-16 min)</span>
    </label>
  );
}

export function RefreshButton() {
  const revalidator = useRevalidator();
  const toast = useToast();
  const busy = revalidator.state !== "idle";
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        await revalidator.revalidate();
        toast({ message: TRADE_IDEAS_TEXT.refreshed, kind: "success", durationMs: 3000 });
      }}
      className={buttonClass({ variant: "secondary", size: "sm" })}
      data-testid="refresh"
    >
      {busy ? "Refreshing..." : "Refresh"}
    </button>
  );
}

/** `source`: the market refresh's recorded source (the banner's), which names the data (decision 309). */
export function RiskDisclosure({ source }: { source: string | null }) {
  return (
    <footer
      className="mt-10 border-t border-ink-700 pt-4 text-xs leading-relaxed text-slate-500"
      data-testid="risk-disclosure"
    >
      <p>
        <strong className="text-slate-400">Risk disclosure.</strong> Options involve risk and are not suitable
        for all investors. {ideasDataText(source).disclosure} Probabilities and expected values come from
        models that assume prices at the quoted fills; real fills, early assignment and events can lose more
        than shown, up to the maximum loss of each spread. Read the{" "}
        <Link to="/risk-disclosure" className="underline">
          risk disclosure
        </Link>{" "}
        before trading.
      </p>
    </footer>
  );
}
