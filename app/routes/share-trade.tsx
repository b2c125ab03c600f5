import { Link, redirect } from "react-router";
import type { Route } from "./+types/share-trade";
import { IdeaCard } from "#app/components/ideas/IdeaCard.tsx";
import { formatCalendarDate, formatUsd } from "#app/lib/format.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import { ideaSummary, ideaTitle, type IdeaPayload } from "#app/lib/idea-view.ts";
import { ideasDataText } from "#app/lib/trade-ideas.ts";
import { newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { tradeShareUrl } from "#app/lib/share.ts";
import { serverConfig } from "#app/server/env.server.ts";
import { tradeIdParam } from "#app/server/share-image/trade-id.server.ts";
import { loadSharedTrade } from "#app/server/shared-trade.server.ts";
import { loggedOutcomeOfTrade } from "#app/server/track/outcomes.server.ts";
import { LoggedOutcomeNote } from "#app/components/track/LoggedOutcome.tsx";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { buttonClass } from "#app/components/ui/Button.tsx";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

/**
 * Public, server-rendered: crawlers read the title, description, canonical and Open Graph / Twitter tags
 * without JavaScript. Unknown or malformed id, or any failure -> redirect to /
 * (docs/product/sharing.md#shared-trade-page).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const parsed = tradeIdParam.safeParse(params.tradeId);
  if (!parsed.success) throw redirect("/");
  const nowMs = Date.now();
  let shared;
  try {
    shared = await loadSharedTrade(env, parsed.data, nowMs);
  } catch (error) {
    console.error("share page: trade load failed", error);
    throw redirect("/");
  }
  if (!shared) throw redirect("/");
  // Its line in the public track record (decision 269); the page stands without it.
  const outcome = await loggedOutcomeOfTrade(env, parsed.data).catch((error: unknown) => {
    console.error("share page: track record lookup failed", error);
    return null;
  });
  const origin = serverConfig(env).APP_URL?.replace(/\/+$/, "") ?? new URL(request.url).origin;
  return {
    idea: shared.idea,
    status: shared.status,
    outcome,
    today: newYorkDateOf(nowMs),
    canonical: tradeShareUrl(origin, parsed.data),
    image: `${origin}/api/trade-image/${encodeURIComponent(parsed.data)}`,
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return [{ title: "Shared Trade · Wheelhouse" }];
  const title = `${ideaTitle(loaderData.idea)} · Wheelhouse trade idea`;
  const description = ideaSummary(loaderData.idea);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: loaderData.canonical },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "Wheelhouse" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: loaderData.canonical },
    { property: "og:image", content: loaderData.image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: description },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: loaderData.image },
  ];
};

const usd = (v: number) => formatUsd(v);

function StatusNow({
  status,
  idea,
}: {
  status: Route.ComponentProps["loaderData"]["status"];
  idea: IdeaPayload;
}) {
  if (status.state === "expired") {
    return (
      <p data-testid="trade-status">
        <span className="font-semibold text-white">Expired</span> on{" "}
        {formatCalendarDate(idea.expiration_date)}.{" "}
        {status.closeAtExpiry !== null && status.pnlAtExpiry !== null
          ? `${idea.stock_symbol} closed at ${usd(status.closeAtExpiry)}: held to expiry, this idea ${
              status.pnlAtExpiry >= 0 ? "made" : "lost"
            } $${Math.abs(Math.round(status.pnlAtExpiry))} per contract.`
          : `The closing price for that day is not in our data.`}
      </p>
    );
  }
  return (
    <p data-testid="trade-status">
      <span className="font-semibold text-white">Open</span>
      {status.underlyingPrice !== null
        ? ` · ${idea.stock_symbol} now ${usd(status.underlyingPrice)} (${formatAsOf(status.priceAsOf)})`
        : ""}
      {status.inLiveList === null
        ? ""
        : status.inLiveList
          ? " · still in today's idea list"
          : " · no longer in today's idea list"}
    </p>
  );
}

// A visitor's copy is shared by the edge; a signed-in user's never is (decision 282). Tagged `market`:
// the idea's current status comes from the market refresh.
export function headers() {
  return edgeCached(["share", "market"]);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  const { idea, status, outcome, today } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-semibold tracking-tight text-white sm:text-3xl">Shared Trade</h1>
      <p className="mt-1 text-slate-400">
        A credit spread idea from Wheelhouse, as it was when it was shared.
      </p>
      <div className="mt-4 rounded-lg border border-ink-700 bg-ink-850 px-4 py-3 text-sm text-slate-300">
        <StatusNow status={status} idea={idea} />
      </div>
      <LoggedOutcomeNote outcome={outcome} />
      <div className="mt-4">
        <h2 className="sr-only">Trade idea</h2>
        <IdeaCard idea={idea} today={today} detailsOpen />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link
          to="/"
          className="rounded-lg border border-ink-600 px-4 py-2 text-slate-200 hover:border-brand-500"
        >
          View More Trades
        </Link>
        <Link to="/pricing" className={buttonClass({ size: "lg" })}>
          Start Free Trial
        </Link>
      </div>
      <p className="mt-6 text-xs leading-relaxed text-slate-500" data-testid="not-advice">
        Not financial advice. This idea was generated by software from {ideasDataText(idea.source).data}, for
        education; it is not a recommendation to buy or sell any security. Options involve risk and can lose
        up to the maximum loss shown.
      </p>
    </div>
  );
}
