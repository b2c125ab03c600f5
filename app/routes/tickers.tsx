import { Suspense, useEffect, useRef } from "react";
import { Await, useFetcher, useNavigate, useRevalidator } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/tickers";
import { readForm } from "#app/server/http/form.server.ts";
import { EconomicCalendarCard } from "#app/components/market/EconomicCalendarCard.tsx";
import { TickerCard, type TickerCardData } from "#app/components/market/TickerCard.tsx";
import { TickerCardSkeleton } from "#app/components/market/TickerCardSkeleton.tsx";
import { useToast } from "#app/components/shell/Toaster.tsx";
import { PageHeading } from "#app/components/ui/PageHeading.tsx";
import { cleanSymbolInput } from "#app/lib/symbols.ts";
import { DEFAULT_WATCHLIST_SYMBOLS, WATCHLIST_MESSAGES, WATCHLIST_TIMING } from "#app/lib/watchlist.ts";
import { getSession, requireSession } from "#app/server/auth/session.server.ts";
import { loadEconomicCalendarGroups } from "#app/server/economic-calendar-card.server.ts";
import {
  addSymbol,
  dismissTrimmedNotice,
  isKnownWatchlistSymbol,
  loadWatchlist,
  removeSymbol,
  watchlistTickerInfos,
} from "#app/server/watchlist.server.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Watchlist · Wheelhouse",
    description:
      "Your symbol watchlist with earnings and ex-dividend dates, news sentiment, RSI and implied volatility.",
    path: "/tickers",
    origin: originFromMatches(matches),
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const { user } = await requireSession(env, request);
  const view = await loadWatchlist(env, user);
  return {
    ...view,
    // Streamed: the page and skeletons render at once, cards fill in from the cache.
    tickers: watchlistTickerInfos(env, view.symbols),
    calendar: loadEconomicCalendarGroups(env, new Date()),
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), symbol: z.string().max(32) }),
  z.object({ intent: z.literal("delete"), symbol: z.string().min(1).max(32) }),
  z.object({ intent: z.literal("dismiss-trimmed") }),
]);

export type TickersActionData =
  | { ok: true; intent: "add"; symbol?: string; ignored?: boolean }
  | { ok: true; intent: "delete"; symbol: string }
  | { ok: true; intent: "dismiss-trimmed" }
  | { ok: false; intent: "add" | "delete"; message: string; redirectTo?: string | null };

export async function action({ request, context }: Route.ActionArgs): Promise<Response | TickersActionData> {
  const env = context.get(cloudflareContext).env;
  const session = await getSession(env, request);
  if (!session)
    return Response.json(
      { ok: false, intent: "add", message: WATCHLIST_MESSAGES.signInRequired },
      { status: 401 },
    );
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success)
    return Response.json(
      { ok: false, intent: "add", message: WATCHLIST_MESSAGES.addFailed },
      { status: 400 },
    );

  if (parsed.data.intent === "dismiss-trimmed") {
    await dismissTrimmedNotice(env, session.user.id);
    return { ok: true, intent: "dismiss-trimmed" };
  }
  if (parsed.data.intent === "delete") {
    try {
      await removeSymbol(env, session.user.id, parsed.data.symbol);
    } catch (error) {
      console.error("watchlist: delete failed", error);
      return unavailable("delete", WATCHLIST_MESSAGES.deleteFailed);
    }
    return { ok: true, intent: "delete", symbol: cleanSymbolInput(parsed.data.symbol) };
  }
  let result: Awaited<ReturnType<typeof addSymbol>>;
  try {
    result = await addSymbol(env, session.user, parsed.data.symbol, (s) => isKnownWatchlistSymbol(env, s));
  } catch (error) {
    // A provider outage (the known-symbol check) or a D1 error: the product's message, not the error page.
    console.error("watchlist: add failed", error);
    return unavailable("add", WATCHLIST_MESSAGES.addFailed);
  }
  if (result.ok)
    return result.ignored
      ? { ok: true, intent: "add", ignored: true }
      : { ok: true, intent: "add", symbol: result.symbol };
  return Response.json(
    {
      ok: false,
      intent: "add",
      message: result.message,
      redirectTo: result.reason === "limit" ? (result.redirectTo ?? null) : null,
    },
    { status: result.reason === "limit" ? 403 : 400 },
  );
}

function unavailable(intent: "add" | "delete", message: string) {
  return Response.json({ ok: false, intent, message } satisfies TickersActionData, { status: 503 });
}

function AddSymbolForm() {
  const fetcher = useFetcher<TickersActionData>();
  const toast = useToast();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const data = fetcher.data;
    if (!data || fetcher.state !== "idle") return;
    if (data.ok && data.intent === "add" && data.symbol) {
      formRef.current?.reset();
      // The product's mobile toast: on small screens the new card may be far below the form.
      if (window.matchMedia("(max-width: 767px)").matches) {
        toast({
          message: `${data.symbol} added to your watchlist`,
          kind: "success",
          durationMs: WATCHLIST_TIMING.mobileToastMs,
        });
      }
    } else if (!data.ok) {
      toast({
        message: data.message,
        kind: "error",
        durationMs: data.redirectTo ? WATCHLIST_TIMING.limitRedirectMs + 1000 : 4000,
      });
      if (data.redirectTo) {
        const to = data.redirectTo;
        const timer = setTimeout(() => navigate(to), WATCHLIST_TIMING.limitRedirectMs);
        return () => clearTimeout(timer);
      }
    }
  }, [fetcher.data, fetcher.state, toast, navigate]);

  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      className="flex w-full max-w-md flex-col gap-1 sm:w-auto"
      aria-label="Add symbol"
    >
      <div className="flex gap-2">
        <input type="hidden" name="intent" value="add" />
        <Field
          id="symbol"
          label="Symbol"
          hideLabel
          name="symbol"
          placeholder="Add a symbol, e.g. AAPL"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          className="flex min-w-0 flex-1 flex-col"
          controlClassName="w-full uppercase placeholder:normal-case"
        />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Adding..." : "Add Symbol"}
        </Button>
      </div>
      {error ? (
        <p className="text-sm text-red-400" role="alert" data-testid="add-error">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function DeleteButton({ symbol }: { symbol: string }) {
  const fetcher = useFetcher<TickersActionData>();
  const toast = useToast();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok)
      toast({ message: WATCHLIST_MESSAGES.deleteFailed, kind: "error" });
  }, [fetcher.state, fetcher.data, toast]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="symbol" value={symbol} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        aria-label={`Remove ${symbol} from watchlist`}
        className="rounded-md p-1 text-slate-500 hover:bg-ink-800 hover:text-red-400 disabled:opacity-50"
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden fill="none">
          <path
            d="M3 4h10M6.5 4V2.5h3V4M4.5 4l.6 9h5.8l.6-9"
            stroke="currentColor"
            strokeWidth="1.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </fetcher.Form>
  );
}

/** One-click starters for an empty list; each posts the same add action as the form. */
function StarterSymbols() {
  const fetcher = useFetcher<TickersActionData>();
  return (
    <fetcher.Form method="post" className="mt-4 flex flex-wrap items-center justify-center gap-2">
      <input type="hidden" name="intent" value="add" />
      <span className="text-sm text-slate-500">Start with</span>
      {DEFAULT_WATCHLIST_SYMBOLS.map((s) => (
        <button
          key={s}
          type="submit"
          name="symbol"
          value={s}
          disabled={fetcher.state !== "idle"}
          className="rounded-full border border-ink-600 px-3 py-1 text-sm font-medium text-slate-200 hover:border-brand-500 hover:text-white disabled:opacity-50"
        >
          + {s}
        </button>
      ))}
    </fetcher.Form>
  );
}

const GRID = "grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-5";

function TickerGrid({ symbols }: { symbols: string[] }) {
  return (
    <div className={GRID}>
      {symbols.map((s) => (
        <TickerCardSkeleton key={s} />
      ))}
    </div>
  );
}

function TickersError() {
  const revalidator = useRevalidator();
  return (
    <div className="rounded-xl border border-red-500/30 bg-red-500/5 p-6 text-center" role="alert">
      <p className="text-red-300">{WATCHLIST_MESSAGES.loadFailed}</p>
      <Button variant="secondary" onClick={() => revalidator.revalidate()} className="mt-3">
        Try Again
      </Button>
    </div>
  );
}

export default function Tickers({ loaderData }: Route.ComponentProps) {
  const { symbols, plan, limit, trimmedMessage, tickers, calendar } = loaderData;
  const toast = useToast();
  const dismiss = useFetcher();
  const shownTrimmed = useRef<string | null>(null);
  useEffect(() => {
    if (!trimmedMessage || shownTrimmed.current === trimmedMessage) return;
    shownTrimmed.current = trimmedMessage;
    toast({ message: trimmedMessage, kind: "info", durationMs: WATCHLIST_TIMING.trimmedMessageMs });
    // Shown once: the notice is removed by a POST (the loader only reads it).
    dismiss.submit({ intent: "dismiss-trimmed" }, { method: "post" });
  }, [trimmedMessage, toast, dismiss]);

  return (
    <div className="space-y-6">
      <Suspense
        fallback={
          <EconomicCalendarCard
            groups={[]}
            title="Economic Calendar"
            footer={<p className="mt-2 text-sm text-slate-500">Loading…</p>}
          />
        }
      >
        <Await
          resolve={calendar}
          errorElement={<EconomicCalendarCard groups={[]} error="Failed to load economic calendar" />}
        >
          {(c) => <EconomicCalendarCard groups={c.groups} error={c.error} />}
        </Await>
      </Suspense>

      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageHeading title="Watchlist" subtitle={`${symbols.length} of ${limit} symbols on your ${plan}`} />
        </div>
        <AddSymbolForm />
      </div>

      {symbols.length === 0 ? (
        <div
          className="rounded-xl border border-dashed border-ink-600 p-10 text-center"
          data-testid="watchlist-empty"
        >
          <p className="text-lg text-white">Your watchlist is empty</p>
          <p className="mt-1 text-slate-400">
            Add a symbol above to track its price, RSI, sentiment, earnings and ex-dividend dates.
          </p>
          <StarterSymbols />
        </div>
      ) : (
        <Suspense fallback={<TickerGrid symbols={symbols} />}>
          <Await resolve={tickers} errorElement={<TickersError />}>
            {(result) => <TickerCards result={result} />}
          </Await>
        </Suspense>
      )}

      <p className="text-xs text-slate-500">
        Future earnings and ex-dividend dates are approximations and may be off by about 1 week. RSI is the
        14-day Wilder RSI of daily closes.
      </p>
    </div>
  );
}

function TickerCards({
  result,
}: {
  result: { tickers: TickerCardData[]; missing: string[]; simulated: boolean };
}) {
  return (
    <div className="space-y-3">
      {result.simulated ? (
        <p
          className="rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-200"
          data-testid="simulated-banner"
        >
          Simulated data — prices, dates and sentiment come from Wheelhouse's built-in market simulator, not a
          live feed.
        </p>
      ) : null}
      <div className={GRID}>
        {result.tickers.map((t) => (
          <TickerCard key={t.symbol} data={t} onDelete={<DeleteButton symbol={t.symbol} />} />
        ))}
        {result.missing.map((s) => (
          <div
            key={s}
            className="flex flex-col justify-between rounded-xl border border-ink-700 bg-ink-900 p-4"
            data-testid={`ticker-missing-${s}`}
          >
            <div className="flex items-start justify-between">
              <h3 className="text-lg font-semibold text-white">{s}</h3>
              <DeleteButton symbol={s} />
            </div>
            <p className="mt-3 text-sm text-slate-400">
              No market data yet for {s}. It will appear after the next refresh.
            </p>
          </div>
        ))}
      </div>
    </div>
  );
}
