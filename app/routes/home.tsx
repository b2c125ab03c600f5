import { Suspense } from "react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/home";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { deferredComponent } from "#app/lib/deferred-component.ts";
import { track } from "#app/lib/track.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import { loadEconomicCalendarGroups } from "#app/server/economic-calendar-card.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

// The sample cards are static markup the server renders: the first paint needs none of their code, so the
// browser loads it beside the page (requested as soon as this module runs) and hydrates them when it arrives. The
// server renders them in place (a lazy component there would stream them late and shift the page).
const SampleTickerCards = deferredComponent(
  () => import("#app/components/home/SampleTickerCards.tsx").then((m) => m.SampleTickerCards),
  { eager: true },
);
// The economic calendar is the page's last section, below the fold: the server renders it in place, the browser
// loads its code beside the page as the sample cards' (the / route's JS budget).
const EconomicCalendarCard = deferredComponent(
  () => import("#app/components/market/EconomicCalendarCard.tsx").then((m) => m.EconomicCalendarCard),
  { eager: true },
);
// Scroll marks are recorded once the page is interactive; their code is not needed for first paint.
const ScrollDepth = deferredComponent(() =>
  import("#app/components/home/ScrollDepth.tsx").then((m) => m.ScrollDepth),
);
// Shown once, after an account deletion (/?accountDeleted=1): loaded only then (decision 185).
const AccountDeletedNotice = deferredComponent(() =>
  import("#app/components/shell/AccountDeletedNotice.tsx").then((m) => m.AccountDeletedNotice),
);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Wheelhouse — Start Trading Options Smarter",
    description:
      "Credit-spread ideas, cash-secured puts and covered calls ranked by a quantitative screen and explained. Learn options trading with quant-ranked ideas.",
    path: "/",
    origin: originFromMatches(matches),
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const [session, calendar] = await Promise.all([
    getSession(env, request),
    loadEconomicCalendarGroups(env, new Date()),
  ]);
  return { signedIn: Boolean(session), calendar };
}

// What the product does, in the words /how-we-rank backs: a quantitative screen of the option chains against a
// stated volatility forecast. No "AI", no "low-risk" (decision 308; tests/unit/honest-words.test.ts).
const WHY_CARDS = [
  {
    title: "Quant-Ranked Ideas",
    text: "Every idea is scored from the option chains against a stated volatility forecast: return on risk at a realistic fill, market-implied probability of profit and liquidity, with expected value stated plainly.",
    icon: "◎",
  },
  {
    title: "Daily Trade Ideas",
    text: "Bull put, bear call and iron condor ideas refreshed through the trading day, with the reason each one ranks where it does.",
    icon: "✦",
  },
  {
    title: "Risk Management",
    text: "Max loss, breakevens and event flags for earnings, ex-dividend dates, FOMC and CPI before you commit a dollar.",
    icon: "◈",
  },
  {
    title: "Market Updates",
    text: "Watchlist prices, RSI, five-day news sentiment and the economic calendar in one place, with email alerts for the events you choose.",
    icon: "↗",
  },
];

const primary = buttonClass({ size: "lg" });
const secondary =
  "inline-flex items-center justify-center rounded-lg border border-ink-600 px-5 py-2.5 font-semibold text-white hover:bg-ink-800";

// A visitor's copy is shared by the edge; a signed-in user's never is (decision 282). Tagged `market`:
// the economic calendar comes from the market refresh.
export function headers() {
  return edgeCached(["market"]);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { signedIn, calendar } = loaderData;
  const [params] = useSearchParams();
  const symbolsHref = signedIn ? "/tickers" : "/signup";
  const trackSymbols = () => track("track_symbols_click", { location: "home_watchlist" });
  return (
    <div className="space-y-20">
      <Suspense fallback={null}>
        <ScrollDepth />
      </Suspense>
      {params.get("accountDeleted") === "1" ? (
        <Suspense fallback={null}>
          <AccountDeletedNotice />
        </Suspense>
      ) : null}
      {/* Hero */}
      <section className="pt-10 text-center sm:pt-16">
        <p className="mx-auto mb-4 inline-block rounded-full border border-brand-500/30 bg-brand-500/10 px-3 py-1 text-xs font-medium text-brand-400">
          Options income, explained
        </p>
        <h1 className="text-4xl font-bold tracking-tight text-white sm:text-6xl">
          Start Trading Options Smarter
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300">
          Learn options trading with quant-ranked ideas and educational resources. Make smarter trading
          decisions with risk-defined trades and the maximum loss stated up front.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {signedIn ? (
            <>
              <Link
                to="/spreads"
                className={primary}
                onClick={() => track("spreads_click", { location: "home_hero" })}
              >
                Spreads
              </Link>
              <Link
                to="/wheels"
                className={secondary}
                onClick={() => track("wheels_click", { location: "home_hero" })}
              >
                CSP/CC
              </Link>
            </>
          ) : (
            <>
              <Link
                to="/signup"
                className={primary}
                onClick={() => track("signup_click", { location: "home_hero" })}
              >
                Get Started
              </Link>
              <Link
                to="/wheelhouse-howtos"
                className={secondary}
                onClick={() => track("learn_more_click", { location: "home_hero" })}
              >
                Learn More<span className="sr-only"> about options income with Wheelhouse</span>
              </Link>
            </>
          )}
        </div>
      </section>

      {/* Symbol watchlist */}
      <section id="symbol-watchlist" className="scroll-mt-20" aria-labelledby="watchlist-heading">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="watchlist-heading" className="text-2xl font-semibold text-white">
              Symbol Watchlist
            </h2>
            <p className="mt-1 text-slate-400">
              Price, change, ex-dividend and earnings dates, five-day news sentiment and RSI for the symbols
              you follow.
            </p>
          </div>
          <Link to={symbolsHref} className={secondary} onClick={trackSymbols}>
            + Add Symbol
          </Link>
        </div>
        <p className="mt-3 text-xs text-amber-300/90">
          Sample cards with illustrative values — not live quotes.
        </p>
        <div className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
          <Suspense fallback={null}>
            <SampleTickerCards />
          </Suspense>
        </div>
        <div className="mt-6 text-center">
          <Link to={symbolsHref} className={primary} onClick={trackSymbols}>
            {signedIn ? "Go to Track Symbols" : "Sign Up to Track Symbols"}
          </Link>
        </div>
      </section>

      {/* Upcoming economic events */}
      <section aria-labelledby="economic-heading">
        <h2 id="economic-heading" className="mb-1 text-2xl font-semibold text-white">
          Upcoming Economic Events
        </h2>
        <p className="mb-4 text-slate-400">
          FOMC decisions, CPI, the jobs report and GDP move the whole market. Know the dates before you sell
          premium.
        </p>
        <Suspense fallback={null}>
          <EconomicCalendarCard
            groups={calendar.groups}
            error={calendar.error}
            title="Next events"
            footer={
              <div className="mt-4 text-center">
                <Link
                  to="/signup"
                  className={secondary}
                  onClick={() => track("economic_calendar_click", { location: "home_economic_events" })}
                >
                  {signedIn ? "Access Full Calendar" : "Sign Up for Market Alerts"}
                </Link>
              </div>
            }
          />
        </Suspense>
      </section>

      {/* Why choose */}
      <section aria-labelledby="why-heading">
        <h2 id="why-heading" className="text-center text-2xl font-semibold text-white">
          Why Choose Wheelhouse
        </h2>
        <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {WHY_CARDS.map((c) => (
            <article key={c.title} className="rounded-xl border border-ink-700 bg-ink-900 p-5">
              <span
                aria-hidden
                className="grid h-10 w-10 place-items-center rounded-lg bg-brand-500/15 text-lg text-brand-400"
              >
                {c.icon}
              </span>
              <h3 className="mt-4 font-semibold text-white">{c.title}</h3>
              <p className="mt-2 text-sm text-slate-400">{c.text}</p>
            </article>
          ))}
        </div>
      </section>

      {/* Closing call to action */}
      <section className="rounded-2xl border border-brand-500/30 bg-gradient-to-br from-brand-500/10 to-ink-900 px-6 py-12 text-center">
        <h2 className="text-3xl font-semibold text-white">
          {signedIn ? "Ready to Trade Options?" : "Start Trading Options Today"}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-300">
          {signedIn
            ? "Head over to the trades section to start exploring opportunities."
            : "Create your free account now and start learning how to trade options with confidence."}
        </p>
        <Link
          to="/signup"
          className={`${primary} mt-6`}
          onClick={() => track(signedIn ? "spreads_click" : "create_account_click", { location: "home_cta" })}
        >
          {signedIn ? "Go to Trades" : "Create Free Account"}
        </Link>
      </section>

      <p className="text-center text-xs text-slate-500">
        Wheelhouse is education and analysis software. It does not execute trades, act as a broker or hold
        funds. Options involve risk; see the{" "}
        <Link to="/risk-disclosure" className="underline">
          Risk Disclosure
        </Link>
        .
      </p>
    </div>
  );
}
