import { Link } from "react-router";
import { formatCalendarDate, formatUsd } from "#app/lib/format.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import { TRACK_RECORD_PATH } from "#app/lib/seo.ts";
import {
  MARKET_REPLACED_LABEL,
  type IdeasLikeIt,
  type LoggedOutcome,
} from "#app/lib/track-record/track-record.ts";
import { formatGrouped } from "#app/lib/format.ts";

const trackLink = (
  <Link to={TRACK_RECORD_PATH} className="text-sky-300 underline">
    track record
  </Link>
);

/** A shared idea's line in the public track record: pending, its grade at expiry, or why it is not there. */
export function LoggedOutcomeNote({ outcome }: { outcome: LoggedOutcome | null }) {
  if (!outcome) return null;
  return (
    <div
      className="mt-4 rounded-lg border border-ink-700 bg-ink-850 px-4 py-3 text-sm text-slate-300"
      data-testid="track-outcome"
      data-state={outcome.state}
    >
      <h2 className="font-semibold text-white">In the track record</h2>
      <p className="mt-1">
        {outcome.state === "pending" ? (
          <>
            Pending — graded after expiry ({formatCalendarDate(outcome.expiration)}). See the {trackLink}.
          </>
        ) : outcome.state === "no-settlement" ? (
          <>
            No settlement: there is no close for {formatCalendarDate(outcome.expiration)} (the symbol stopped
            trading); it stays in the {trackLink}, marked.
          </>
        ) : outcome.state === "market-replaced" ? (
          <>
            {MARKET_REPLACED_LABEL}: it was logged on an earlier version of the simulated market, whose closes
            are gone, so it is never settled on the new market&apos;s; it stays in the {trackLink}, left out
            of its figures.
          </>
        ) : outcome.state === "not-logged" ? (
          <>
            {outcome.reason} See the {trackLink}.
          </>
        ) : (
          <>
            <span className={`font-semibold ${outcome.win ? "text-emerald-300" : "text-red-300"}`}>
              {outcome.win ? "Win" : "Loss"}
            </span>
            : settled at {formatUsd(outcome.settlement)} on {formatCalendarDate(outcome.expiration)}
            {outcome.settlementKind === "open-approx"
              ? " (the open, standing in for the settlement value)"
              : ""}
            , {outcome.pnl >= 0 ? "made" : "lost"} {formatUsd(Math.abs(outcome.pnl))} per contract held to
            expiry at the fill it was logged with ({formatUsd(outcome.credit)} a share,{" "}
            {formatAsOf(outcome.publishedAt)})
            {outcome.pin ? "; a pin: the close was within $0.05 of a short strike" : ""}
            {outcome.assigned ? "; assigned" : ""}. See the {trackLink}.
          </>
        )}
      </p>
    </div>
  );
}

/** On an idea card: how graded ideas of the same strategy and predicted-POP bin did, and in which history. */
export function IdeasLikeItNote({ like }: { like: IdeasLikeIt }) {
  return (
    <p className="mt-1 text-xs text-slate-400" data-testid="idea-track-bin">
      {`${like.label}, ${like.history}: ${
        like.realised === null
          ? "no graded ideas yet"
          : `${formatGrouped(like.realised * 100, 0)}% won (n=${formatGrouped(like.count, 0)})`
      } · `}
      {trackLink}
    </p>
  );
}
