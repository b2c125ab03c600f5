import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import {
  Await,
  Link,
  useAsyncError,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/spreads";
import { IdeaCard, IdeaCardSkeleton } from "../components/ideas/IdeaCard";
import { TradeFiltersPanel } from "../components/ideas/TradeFiltersPanel";
import { MarketBanner } from "../components/market/MarketBanner";
import { useShare } from "../components/share/ShareDialog";
import { useToast } from "../components/shell/Toaster";
import { PageHeading } from "../components/ui/PageHeading";
import { ideaSummary, ideaTitle, type IdeaPayload } from "../lib/idea-view";
import { tradeShareUrl } from "../lib/share";
import {
  autoRefreshDelay,
  filterIdeas,
  filtersFromQuery,
  filtersToQuery,
  keepAvailableSymbols,
  SKELETON_ROWS,
  TRADE_IDEAS_TEXT,
  type TradeFilters,
} from "../lib/trade-ideas";
import { requireSession } from "../server/auth/session.server";
import { tradeIdeasFor, tradeIdeasScreen, type TradeIdeasList } from "../server/trade-ideas.server";
import { originFromMatches, pageMeta } from "../lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Trade Ideas · Wheelhouse",
    description:
      "Credit-spread ideas (bull put, bear call, iron condor) ranked on fill-adjusted return and market-implied probability, with every assumption shown.",
    path: "/spreads",
    origin: originFromMatches(matches),
  });

/**
 * Plan and banner at once; the list streams in from the ideas cache (skeletons meanwhile). Free users get
 * no list at all: the server never reads or sends ideas for them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.cloudflare.env;
  const { user } = await requireSession(env, request);
  const screen = await tradeIdeasScreen(env, user);
  const origin = new URL(request.url).origin;
  if (screen.limit === 0) return { ...screen, origin, trades: null };
  // Try Again asks for `fresh`: past the per-isolate copy, straight to the ideas cache.
  const fresh = new URL(request.url).searchParams.has(FRESH_PARAM);
  const trades: Promise<TradeIdeasList | { error: true }> = tradeIdeasFor(env, user, { fresh }).catch(
    (error) => {
      console.error("spreads: ideas load failed", error);
      return { error: true as const };
    },
  );
  return { ...screen, origin, trades };
}

const FRESH_PARAM = "fresh";

/** Filter changes only touch the query: they never re-run the loader (a forced refresh does). */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search &&
    !nextUrl.searchParams.has(FRESH_PARAM)
  )
    return false;
  return defaultShouldRevalidate;
}

export function headers() {
  // The list is per user and must never come from a browser cache (Try Again means "now").
  return { "Cache-Control": "private, no-store" };
}

function UnlockPanel() {
  return (
    <section
      data-testid="unlock-panel"
      className="mx-auto mt-6 max-w-xl rounded-xl border border-brand-600/40 bg-ink-850 p-6 text-center"
    >
      <h2 className="text-xl font-semibold text-white">{TRADE_IDEAS_TEXT.unlockTitle}</h2>
      <p className="mt-2 text-slate-300">{TRADE_IDEAS_TEXT.unlockBody}</p>
      <Link
        to="/pricing"
        className="mt-5 inline-block rounded-lg bg-brand-500 px-5 py-2.5 font-semibold text-ink-950 hover:bg-brand-400"
      >
        {TRADE_IDEAS_TEXT.upgrade}
      </Link>
    </section>
  );
}

/** Forced refresh: the loader runs again with `fresh`, then the marker leaves the URL. */
function useForcedRefresh(): [() => void, boolean] {
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(FRESH_PARAM)) return;
    params.delete(FRESH_PARAM);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "" },
      { replace: true, preventScrollReset: true },
    );
  }, [location, navigate]);
  const refresh = () => {
    const params = new URLSearchParams(location.search);
    params.set(FRESH_PARAM, String(Date.now()));
    navigate(
      { pathname: location.pathname, search: `?${params}` },
      { replace: true, preventScrollReset: true },
    );
  };
  return [refresh, navigation.state !== "idle"];
}

function LoadFailed() {
  const [refresh, busy] = useForcedRefresh();
  return (
    <div
      role="alert"
      data-testid="trades-error"
      className="rounded-xl border border-red-700/50 bg-red-950/40 p-6 text-center"
    >
      <p className="text-red-200">{TRADE_IDEAS_TEXT.loadFailed}</p>
      <button
        type="button"
        onClick={refresh}
        disabled={busy}
        className="mt-4 rounded-lg bg-brand-500 px-4 py-2 font-semibold text-ink-950 hover:bg-brand-400 disabled:opacity-60"
      >
        {TRADE_IDEAS_TEXT.tryAgain}
      </button>
    </div>
  );
}

function AwaitError() {
  useAsyncError();
  return <LoadFailed />;
}

function Skeletons() {
  return (
    <div className="grid gap-4" data-testid="trades-loading" aria-busy="true" aria-label="Loading trades">
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <IdeaCardSkeleton key={i} />
      ))}
    </div>
  );
}

/** How many cards render at once; more on request (keeps a filter change cheap with 500 ideas). */
const PAGE = 20;

function IdeasList({ list, today, origin }: { list: TradeIdeasList; today: string; origin: string }) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromQuery(params), [params]);
  const available = useMemo(() => new Set(list.ideas.map((i) => i.stock_symbol)), [list.ideas]);
  const [share, shareDialog] = useShare();
  const toast = useToast();
  const [shown, setShown] = useState(PAGE);

  const setFilters = (next: TradeFilters, push = false) => {
    setParams(filtersToQuery(next), { replace: !push, preventScrollReset: true });
    setShown(PAGE);
  };

  // Selected symbols that vanished from the loaded list (after a refresh) are dropped.
  useEffect(() => {
    const kept = keepAvailableSymbols(filters.symbols, available);
    if (kept.length !== filters.symbols.length)
      setParams(filtersToQuery({ ...filters, symbols: kept }), { replace: true });
  }, [available, filters, setParams]);

  const visible = useMemo(
    () => filterIdeas(list.ideas as IdeaPayload[], filters, today),
    [list.ideas, filters, today],
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
      <TradeFiltersPanel filters={filters} available={available} onChange={setFilters} />
      <div>
        <p className="mb-3 text-sm text-slate-400" data-testid="trades-count" aria-live="polite">
          Showing {visible.length} of {list.ideas.length} ideas
          {list.total > list.ideas.length ? ` (your plan shows ${list.ideas.length} of ${list.total})` : ""}
        </p>
        {list.stale ? (
          <p className="mb-3 rounded-lg border border-amber-700/50 bg-amber-950/40 px-3 py-2 text-sm text-amber-200">
            These ideas are from the last good refresh; the latest refresh did not complete.
          </p>
        ) : null}
        {visible.length === 0 ? (
          <p
            data-testid="trades-empty"
            className="rounded-xl border border-ink-700 bg-ink-850 p-6 text-center text-slate-300"
          >
            {TRADE_IDEAS_TEXT.empty}
          </p>
        ) : (
          <ul className="grid gap-4" data-testid="trades-list">
            {visible.slice(0, shown).map((idea) => (
              <li key={idea.trade_unique_identifier}>
                <IdeaCard
                  idea={idea}
                  today={today}
                  onShare={() =>
                    share({
                      url: tradeShareUrl(origin, idea.trade_unique_identifier),
                      title: ideaTitle(idea),
                      text: ideaSummary(idea),
                    })
                  }
                  onSimulate={() =>
                    toast({ message: TRADE_IDEAS_TEXT.simulate, kind: "info", durationMs: 3000 })
                  }
                />
              </li>
            ))}
          </ul>
        )}
        {visible.length > shown ? (
          <button
            type="button"
            onClick={() => setShown((n) => n + PAGE)}
            className="mt-4 w-full rounded-lg border border-ink-600 bg-ink-850 py-2 text-sm text-slate-200 hover:border-brand-500"
          >
            Show more ({visible.length - shown} left)
          </button>
        ) : null}
      </div>
      {shareDialog}
    </div>
  );
}

function AutoRefreshToggle() {
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

function RefreshButton() {
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
      className="rounded-lg border border-ink-600 bg-ink-850 px-3 py-1.5 text-sm text-slate-200 hover:border-brand-500 disabled:opacity-60"
      data-testid="refresh"
    >
      {busy ? "Refreshing..." : "Refresh"}
    </button>
  );
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  const { banner, nowMs, today, origin, trades } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading
          title={TRADE_IDEAS_TEXT.title}
          subtitle="Credit spreads screened from the option chains, every number explained."
        />
        {trades ? (
          <div className="mb-6 flex items-center gap-4">
            <AutoRefreshToggle />
            <RefreshButton />
          </div>
        ) : null}
      </div>
      <MarketBanner banner={banner} nowMs={nowMs} className="mb-6" />
      {trades === null ? (
        <UnlockPanel />
      ) : (
        <Suspense fallback={<Skeletons />}>
          <Await resolve={trades} errorElement={<AwaitError />}>
            {(list) =>
              "error" in list ? <LoadFailed /> : <IdeasList list={list} today={today} origin={origin} />
            }
          </Await>
        </Suspense>
      )}
      <RiskDisclosure />
    </div>
  );
}

function RiskDisclosure() {
  return (
    <footer
      className="mt-10 border-t border-ink-700 pt-4 text-xs leading-relaxed text-slate-500"
      data-testid="risk-disclosure"
    >
      <p>
        <strong className="text-slate-400">Risk disclosure.</strong> Options involve risk and are not suitable
        for all investors. These ideas are generated by software from delayed market data; they are not
        recommendations or financial advice. Probabilities and expected values come from models that assume
        prices at the quoted fills; real fills, early assignment and events can lose more than shown, up to
        the maximum loss of each spread. Read the{" "}
        <Link to="/risk-disclosure" className="underline">
          risk disclosure
        </Link>{" "}
        before trading.
      </p>
    </footer>
  );
}

export function ErrorBoundary() {
  return (
    <div>
      <PageHeading title={TRADE_IDEAS_TEXT.title} />
      <LoadFailed />
    </div>
  );
}
