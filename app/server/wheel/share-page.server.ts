// What a shared wheel page shows (docs/product/sharing.md#shared-wheel-pages): the server's record, else the
// link's own payload when it decodes, passes the payload rules and has the page's type. Every 404 shows the
// 'Strategy Expired' screen and other failures 'Strategy Not Found' (decision 252).
import { data } from "react-router";
import { WHEEL_MESSAGES, type WheelType } from "#app/lib/wheel/wheel.ts";
import { decodeSharePayload, sharePayloadFrom, type SharePayload } from "#app/lib/wheel/share.ts";
import { readShare } from "#app/server/wheel/shares.server.ts";
import type { LoggedOutcome } from "#app/lib/track-record/track-record.ts";
import { pageUrl } from "#app/server/http/route-url.server.ts";

type Env = { DB: D1Database; SHARE_KV: KVNamespace };

export type SharePageState =
  | { status: "ok"; payload: SharePayload; from: "link" | "server" | "query"; outcome?: LoggedOutcome | null }
  /**
   * `expired`: the product's 404 (no such share, or it expired; an expired one keeps its payload, so the page
   * can show its graded outcome); `error`: the share could not be read.
   */
  | { status: "expired"; message: string; payload?: SharePayload; outcome?: LoggedOutcome | null }
  | { status: "error"; message: string };

/** The simple preview card's query (?type=CSP|CC&symbol&exp&strike&premium&roc&shares&costBasis). */
export function previewFromQuery(params: URLSearchParams): SharePayload | null {
  const type = params.get("type")?.toUpperCase();
  if (type !== "CSP" && type !== "CC") return null;
  const n = (k: string) => {
    const v = params.get(k);
    const x = v === null || v === "" ? NaN : Number(v);
    return Number.isFinite(x) ? x : undefined;
  };
  return sharePayloadFrom(
    type,
    {
      symbol: params.get("symbol") ?? "",
      expirationDate: params.get("exp") ?? "",
      strike: n("strike"),
      premium: n("premium"),
      returnOnCapital: n("roc"),
    },
    type === "CC" ? { shares: n("shares"), costBasis: n("costBasis") } : null,
  );
}

function expired(payload: SharePayload, nowMs: number): boolean {
  const close = Date.parse(`${payload.expirationDate}T21:00:00Z`);
  return Number.isFinite(close) && close <= nowMs;
}

export async function loadSharePage(
  env: Env,
  type: WheelType,
  shareId: string | undefined,
  url: URL,
  nowMs = Date.now(),
): Promise<SharePageState> {
  const preview = url.searchParams.has("type") ? previewFromQuery(url.searchParams) : null;
  if (preview && preview.type === type) return { status: "ok", payload: preview, from: "query" };
  if (!shareId) return { status: "expired", message: WHEEL_MESSAGES.invalidShareId };
  // The server's record first (decision 222): the page then shows exactly what its preview image shows,
  // and a link whose `?d=` was edited cannot put other numbers beside the site's image.
  let found: Awaited<ReturnType<typeof readShare>> | null = null;
  try {
    found = await readShare(env, type, shareId, nowMs);
  } catch (error) {
    console.error("shared strategy load failed", error);
  }
  if (found?.status === "ok") return { status: "ok", payload: found.payload, from: "server" };
  if (found?.status === "expired")
    return {
      status: "expired",
      message: WHEEL_MESSAGES.shareNotFoundOrExpired,
      ...(found.payload ? { payload: found.payload } : {}),
    };
  // No record (or it could not be read): a self-contained link shows its own numbers, checked like a new
  // share's (no text of its own), and gets no preview image.
  const local = decodeSharePayload(url.searchParams.get("d"), type, nowMs);
  if (local) {
    if (expired(local, nowMs))
      return { status: "expired", message: WHEEL_MESSAGES.shareNotFoundOrExpired, payload: local };
    return { status: "ok", payload: local, from: "link" };
  }
  if (!found) return { status: "error", message: WHEEL_MESSAGES.shareLoadFailed };
  return { status: "expired", message: WHEEL_MESSAGES.shareNotFoundOrExpired };
}

/**
 * The loader of /share/wheel/{csp|cc}/:shareId. Public. The server's record, else the link's own payload; the
 * preview image only for the server's record (the image draws that record, so title and image agree). Expired
 * or missing shares answer 404 (so crawlers do not keep them) and show 'Strategy Expired', as a 404 does
 * (decision 252). `outcomeOf` is the track record's lookup, handed in by the route (the wheel never imports the
 * track record).
 */
export async function sharePageLoaderData(
  env: Env,
  type: WheelType,
  shareId: string | undefined,
  request: Request,
  outcomeOf: (shown: SharePayload) => Promise<LoggedOutcome | null>,
) {
  const url = pageUrl(request);
  const state = await loadSharePage(env, type, shareId, url);
  // Its line in the public track record (decision 269): pending before expiry, its grade after; none without a
  // strategy to look up. The page stands without it.
  const shown = state.status === "error" ? undefined : state.payload;
  if (shown && state.status !== "error")
    state.outcome = await outcomeOf(shown).catch((error: unknown) => {
      console.error("shared strategy: track record lookup failed", error);
      return null;
    });
  const imagePath = type === "CSP" ? "csp-image" : "cc-image";
  const imageUrl =
    state.status === "ok" && state.from === "server" && shareId
      ? `${url.origin}/api/${imagePath}/${encodeURIComponent(shareId)}`
      : null;
  return data(
    { state, imageUrl, pageUrl: url.origin + url.pathname },
    { status: state.status === "ok" ? 200 : state.status === "error" ? 503 : 404 },
  );
}
