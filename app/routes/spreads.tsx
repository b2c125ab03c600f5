import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import {
  Await,
  Link,
  useAsyncError,
  useLocation,
  useNavigate,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/spreads";
import { IdeaCard, IdeaCardSkeleton } from "#app/components/ideas/IdeaCard.tsx";
import { TradeFiltersPanel } from "#app/components/ideas/TradeFiltersPanel.tsx";
import { MarketBanner } from "#app/components/market/MarketBanner.tsx";
import { useShare } from "#app/components/share/ShareDialog.tsx";
import { useToast } from "#app/components/shell/Toaster.tsx";
import { PageHeading } from "#app/components/ui/PageHeading.tsx";
import { ideaSummary, ideaTitle } from "#app/lib/idea-view.ts";
import { formatDecimal, formatPercent } from "#app/lib/format.ts";
import { tradeShareUrl } from "#app/lib/share.ts";
import {
  filtersFromQuery,
  ideasDataText,
  ideasQuery,
  keepAvailableSymbols,
  pageFromQuery,
  SKELETON_ROWS,
  TRADE_IDEAS_TEXT,
  UNKNOWN_PROFILE_MESSAGE,
  type TradeFilters,
} from "#app/lib/trade-ideas.ts";
import { requireSession } from "#app/server/auth/session.server.ts";
import {
  saveSpreadProfile,
  tradeIdeasPageFor,
  tradeIdeasScreen,
  type TradeIdeasPage,
} from "#app/server/trade-ideas.server.ts";
import { isSpreadProfile } from "#app/engine/index.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { ideasLikeIt, type TrackBinDigest } from "#app/lib/track-record/track-record.ts";
import { readTrackBinDigest } from "#app/server/track/outcomes.server.ts";
import { buttonClass } from "#app/components/ui/Button.tsx";
import {
  AutoRefreshToggle,
  ProfilePicker,
  RefreshButton,
  RiskDisclosure,
} from "#app/components/ideas/SpreadsControls.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Trade Ideas · Wheelhouse",
    description:
      "Credit-spread ideas (bull put, bear call, iron condor) ranked on fill-adjusted return and market-implied probability, with every assumption shown.",
    path: "/spreads",
    origin: originFromMatches(matches),
  });

/**
 * Plan and banner at once; the list streams in from the ideas cache (skeletons meanwhile). The filters and
 * the page come from the query, and only what the screen shows is sent: the plan-capped list filtered on
 * the server, its first `page` pages, the counts and the symbols present (decision 180). Free users get no
 * list at all: the server never reads or sends ideas for them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const { user } = await requireSession(env, request);
  const screen = await tradeIdeasScreen(env, user);
  const url = new URL(request.url);
  const origin = url.origin;
  if (screen.limit === 0) return { ...screen, origin, trades: null };
  // Try Again asks for `fresh`: past the per-isolate copy, straight to the ideas cache.
  const fresh = url.searchParams.has(FRESH_PARAM);
  const query = { filters: filtersFromQuery(url.searchParams), page: pageFromQuery(url.searchParams) };
  // How ideas like each one did (decision 269): one small last-good row per request, never the log; the list
  // shows without it when it cannot be read.
  const trackBins = readTrackBinDigest(env).catch((error: unknown) => {
    console.error("spreads: track record bins unreadable", error);
    return null;
  });
  const trades: Promise<(TradeIdeasPage & { trackBins: TrackBinDigest | null }) | { error: true }> =
    Promise.all([
      tradeIdeasPageFor(env, user, query, { fresh, today: screen.today, nowMs: screen.nowMs }),
      trackBins,
    ])
      .then(([page, bins]) => ({ ...page, trackBins: bins }))
      .catch((error) => {
        console.error("spreads: ideas load failed", error);
        return { error: true as const };
      });
  return { ...screen, origin, trades };
}

/**
 * POST { profile }: saves the user's trade-ideas profile (decision 237); the loader then serves it. An unknown
 * value is refused with the message, nothing saved.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const { user } = await requireSession(env, request);
  const form = await request.formData().catch(() => null);
  const profile = form?.get("profile");
  if (!isSpreadProfile(profile)) return Response.json({ error: UNKNOWN_PROFILE_MESSAGE }, { status: 400 });
  await saveSpreadProfile(env, user.id, profile);
  return { ok: true as const, profile };
}

const FRESH_PARAM = "fresh";

/** Dropping the Try Again marker from the URL shows the same view: the loader need not run again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.has(FRESH_PARAM)) {
    const withoutMarker = new URLSearchParams(currentUrl.search);
    withoutMarker.delete(FRESH_PARAM);
    if (withoutMarker.toString() === nextUrl.searchParams.toString()) return false;
  }
  return defaultShouldRevalidate;
}
/** Slider moves wait this long for the drag to settle before the query (and the list) changes. */
const SLIDER_SETTLE_MS = 300;

function UnlockPanel({ source }: { source: string | null }) {
  return (
    <section
      data-testid="unlock-panel"
      className="mx-auto mt-6 max-w-xl rounded-xl border border-brand-600/40 bg-ink-850 p-6 text-center"
    >
      <h2 className="text-xl font-semibold text-white">{TRADE_IDEAS_TEXT.unlockTitle}</h2>
      <p className="mt-2 text-slate-300">{ideasDataText(source).unlockBody}</p>
      <Link to="/pricing" className={buttonClass({ size: "lg", className: "mt-5" })}>
        {TRADE_IDEAS_TEXT.upgrade}
      </Link>
    </section>
  );
}

/** After a forced refresh has shown the list, the `fresh` marker leaves the URL. */
function useDropFreshMarker() {
  const navigate = useNavigate();
  const location = useLocation();
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
}

/** Forced refresh: the loader runs again with `fresh` (past the per-isolate copy of the ideas). */
function useForcedRefresh(): [() => void, boolean] {
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
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
        className={buttonClass({ size: "lg", className: "mt-4" })}
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

/**
 * The filters a user is editing: the URL's, or while a slider drag settles, the values on screen. Every
 * change navigates (the loader filters on the server); slider moves wait SLIDER_SETTLE_MS and replace the
 * history entry, symbol and strategy changes add one.
 */
function useFilterEditing(urlFilters: TradeFilters) {
  const [, setParams] = useSearchParams();
  const [draft, setDraft] = useState<TradeFilters | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const go = (next: TradeFilters, push: boolean) =>
    setParams(ideasQuery(next), { replace: !push, preventScrollReset: true });
  const change = (next: TradeFilters, push = false) => {
    clearTimeout(settle.current);
    settle.current = undefined;
    setDraft(next);
    if (push) go(next, true);
    else
      settle.current = setTimeout(() => {
        settle.current = undefined;
        go(next, false);
      }, SLIDER_SETTLE_MS);
  };
  // The URL is the truth again once it changes and no drag is settling (also after back/forward).
  useEffect(() => {
    if (settle.current === undefined) setDraft(null);
  }, [urlFilters]);
  useEffect(() => () => clearTimeout(settle.current), []);
  return [draft ?? urlFilters, change] as const;
}

/** The list's net beta-weighted delta (decision 327): SPY shares per contract of each idea, and its share of the gross. */
function BookDeltaLine({ book }: { book: TradeIdeasPage["bookDelta"] }) {
  if (!(book.gross > 0)) return null;
  const share = formatPercent((Math.abs(book.net) / book.gross) * 100, 0);
  return (
    <p className="mb-3 text-sm text-slate-400" data-testid="book-delta">
      Net beta-weighted delta
      {book.spyPrice === null
        ? ""
        : `: ${book.net >= 0 ? "+" : ""}${formatDecimal(book.net, 1)} SPY shares`}{" "}
      ({share} of gross, one contract of each idea)
    </p>
  );
}

function IdeasList({
  list,
  today,
  origin,
}: {
  list: TradeIdeasPage & { trackBins: TrackBinDigest | null };
  today: string;
  origin: string;
}) {
  const [params, setParams] = useSearchParams();
  const urlFilters = useMemo(() => filtersFromQuery(params), [params]);
  const [filters, setFilters] = useFilterEditing(urlFilters);
  const available = useMemo(() => new Set(list.symbols), [list.symbols]);
  const [share, shareDialog] = useShare();
  const toast = useToast();
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === "/spreads";

  // Selected symbols that vanished from the loaded list (after a refresh) are dropped; the server already
  // left them out of the filtering.
  useEffect(() => {
    const kept = keepAvailableSymbols(urlFilters.symbols, available);
    if (kept.length !== urlFilters.symbols.length)
      setParams(ideasQuery({ ...urlFilters, symbols: kept }), { replace: true, preventScrollReset: true });
  }, [available, urlFilters, setParams]);

  const left = list.filtered - list.ideas.length;
  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
      <TradeFiltersPanel filters={filters} available={available} onChange={setFilters} />
      <div aria-busy={updating} className={updating ? "opacity-60 transition-opacity" : undefined}>
        <ProfilePicker current={list.profile} />
        <p className="mb-3 text-sm text-slate-400" data-testid="trades-count" aria-live="polite">
          Showing {list.filtered} of {list.capped} ideas
          {list.total > list.capped ? ` (your plan shows ${list.capped} of ${list.total})` : ""}
        </p>
        <BookDeltaLine book={list.bookDelta} />
        {list.stale ? (
          <p className="mb-3 rounded-lg border border-amber-700/50 bg-amber-950/40 px-3 py-2 text-sm text-amber-200">
            These ideas are from the last good refresh; the latest refresh did not complete.
          </p>
        ) : null}
        {list.filtered === 0 ? (
          <p
            data-testid="trades-empty"
            className="rounded-xl border border-ink-700 bg-ink-850 p-6 text-center text-slate-300"
          >
            {TRADE_IDEAS_TEXT.empty}
          </p>
        ) : (
          <ul className="grid gap-4" data-testid="trades-list">
            {list.ideas.map((idea) => (
              // Cards below the fold skip style and layout until scrolled near (a 20-card page is long).
              <li
                key={idea.trade_unique_identifier}
                className="[contain-intrinsic-height:auto_40rem] [content-visibility:auto]"
              >
                <IdeaCard
                  idea={idea}
                  today={today}
                  likeIt={ideasLikeIt(list.trackBins, idea.strategy_type, idea.probability_of_profit)}
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
        {left > 0 ? (
          // A link: the next page lives in the URL (reload and back keep it) and works before hydration.
          <Link
            to={{ search: `?${ideasQuery(urlFilters, list.page + 1)}` }}
            replace
            preventScrollReset
            className="mt-4 block w-full rounded-lg border border-ink-600 bg-ink-850 py-2 text-center text-sm text-slate-200 hover:border-brand-500"
            data-testid="show-more"
          >
            Show more ({left} left)
          </Link>
        ) : null}
      </div>
      {shareDialog}
    </div>
  );
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  const { banner, nowMs, today, origin, trades } = loaderData;
  useDropFreshMarker();
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading
          title={TRADE_IDEAS_TEXT.title}
          subtitle="Credit spreads screened from the option chains, every number explained."
        />
        {trades ? (
          <div className="mb-6 flex flex-wrap items-center gap-4">
            <AutoRefreshToggle />
            <RefreshButton />
            <Link to="/positions" className="text-sm text-brand-400 hover:underline">
              My positions
            </Link>
          </div>
        ) : null}
      </div>
      <MarketBanner banner={banner} nowMs={nowMs} className="mb-6" />
      {trades === null ? (
        <UnlockPanel source={banner.source} />
      ) : (
        <Suspense fallback={<Skeletons />}>
          <Await resolve={trades} errorElement={<AwaitError />}>
            {(list) =>
              "error" in list ? <LoadFailed /> : <IdeasList list={list} today={today} origin={origin} />
            }
          </Await>
        </Suspense>
      )}
      <RiskDisclosure source={banner.source} />
    </div>
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
