import { formatCalendarDate } from "#app/lib/calendar-date.ts";
import {
  eventKeys,
  isHighImpact,
  type EconomicDateGroup,
  type EconomicEventLike,
} from "#app/lib/economic-calendar.ts";

export function EconomicCalendarCard({
  groups,
  error,
  title = "Economic Calendar",
  footer,
}: {
  groups: EconomicDateGroup<EconomicEventLike>[];
  error?: string | null;
  title?: string;
  footer?: React.ReactNode;
}) {
  return (
    <section
      className="rounded-xl border border-ink-700 bg-ink-900 p-4"
      aria-labelledby="economic-calendar-title"
      data-testid="economic-calendar"
    >
      <div className="flex items-center justify-between">
        <h2 id="economic-calendar-title" className="text-lg font-semibold text-white">
          {title}
        </h2>
        <span className="text-xs text-slate-500">Times: US Eastern</span>
      </div>
      {error ? (
        <p className="mt-3 text-sm text-red-400" role="alert">
          {error}
        </p>
      ) : groups.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">No upcoming economic events.</p>
      ) : (
        <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {groups.map((g) => (
            <div
              key={g.date}
              className={`rounded-lg border p-3 ${g.hasHighImpact ? "border-red-500/40 bg-red-500/5" : "border-ink-700 bg-ink-850"}`}
            >
              <p className="text-sm font-semibold text-slate-200">{formatCalendarDate(g.date)}</p>
              <ul className="mt-2 space-y-1.5">
                {g.events.map((e, i) => (
                  <li key={eventKeys(g.events)[i]} className="flex items-start gap-2 text-sm">
                    <span
                      className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${isHighImpact(e) ? "bg-red-400" : "bg-slate-500"}`}
                      title={isHighImpact(e) ? "High impact" : "Lower impact"}
                    />
                    <span className="text-slate-300">
                      {e.title}
                      {isHighImpact(e) ? <span className="sr-only"> (high impact)</span> : null}
                      {e.estimated ? (
                        <span
                          className="ml-1 text-xs text-amber-300"
                          title={`Release date not yet confirmed by the agency${e.estimateBasis ? `. ${e.estimateBasis}` : ""}`}
                        >
                          (estimate)
                        </span>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
      {footer}
    </section>
  );
}
