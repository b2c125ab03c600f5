// The authorization matrix (issue 18 item 1): every page and API route of app/routes.ts x every role, with
// the answer the product promises. tests/worker/authz.test.ts turns each row into a test and fails when a
// route in app/routes.ts has no row here.
//
// Sources: docs/product/app-shell.md#routes-and-access (public and sign-in-required routes, aliases),
// docs/product/plans-and-billing.md#plan-limits (what each plan may do: trade ideas, watchlist,
// notifications, wheel, positions, feedback), docs/product/wheel.md#who-may-use-it, and the decisions named
// next to a row where the app deliberately answers differently (e.g. /api/get_trades is signed-in only,
// decision 011).
//
// A cell is one of:
//   200, 401, ...                 the status (3xx never written this way)
//   "/signin?returnTo=%2Fspreads"  a redirect to exactly this location
//   { status, count }             the status and the capped count the row's `count` reads from the answer
import type { World } from "./world";
import { IDEA_COUNT } from "./world";
import { daysFromToday } from "../fixtures/trade-ideas";

export const ROLES = [
  "visitor",
  "free",
  "pro",
  "elite",
  "promoTrial",
  "expiredTrial",
  "cancelledInPeriod",
  "admin",
  "banned",
] as const;
export type Role = (typeof ROLES)[number];

export type Cell = number | string | { status: number; count: number };
export type Cells = Record<Role, Cell>;

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface RequestSpec {
  /** The concrete path and query (dynamic segments get seeded ids). */
  path: string;
  /** Route params as React Router passes them. */
  params?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
}

export interface MatrixRow {
  /** The route's path as written in app/routes.ts, with a leading slash ("/" is the index). */
  route: string;
  method: Method;
  request: (world: World, role: Role) => RequestSpec;
  /** Reads the capped count from the answer's body (loader data or parsed JSON). */
  count?: (body: unknown) => number | Promise<number>;
  /** Runs after every other row (it ends the session it is called with). */
  last?: boolean;
  expect: Cells;
}

/** A tastytrade-layout export selling one put of `symbol` (decision 273 cites the layout). */
function importCsv(symbol: string, strike: number): string {
  const expiry = daysFromToday(25);
  const occ = `${symbol.padEnd(6)}${expiry.slice(2).replace(/-/g, "")}P${String(strike * 1000).padStart(8, "0")}`;
  return [
    "Date,Type,Sub Type,Action,Symbol,Instrument Type,Description,Value,Quantity,Average Price,Commissions,Fees,Multiplier,Root Symbol,Underlying Symbol,Expiration Date,Strike Price,Call or Put,Order #,Total,Currency",
    `${daysFromToday(-3)}T14:38:32+0000,Trade,Sell to Open,SELL_TO_OPEN,${occ},Equity Option,Sold 1 ${symbol} Put,80.00,1,80.00,-1.00,-0.14,100,${symbol},${symbol},,${strike},PUT,1,78.86,USD`,
  ].join("\r\n");
}

// ------------------------------------------------------------------------------------------ cell builders

/** The same answer for everyone. */
function everyone(cell: Cell): Cells {
  return Object.fromEntries(ROLES.map((r) => [r, cell])) as Cells;
}

/**
 * Signed-in users (every plan and the admin) get `user`; visitors get `visitor`. A banned account's old
 * session counts for nothing: it gets the visitor's answer.
 */
function signedIn(visitor: Cell, user: Cell, overrides: Partial<Cells> = {}): Cells {
  return { ...everyone(user), visitor, banned: visitor, ...overrides };
}

/** Per effective plan: Free (also an expired trial and the admin, who has no plan), Pro (paid, promotional
 * trial, cancelled but still in the paid period) and Elite. */
function byPlan(visitor: Cell, free: Cell, pro: Cell, elite: Cell): Cells {
  return {
    visitor,
    banned: visitor,
    free,
    expiredTrial: free,
    admin: free,
    pro,
    promoTrial: pro,
    cancelledInPeriod: pro,
    elite,
  };
}

const signInFor = (path: string) => `/signin?returnTo=${encodeURIComponent(path)}`;

/** Pages inside the signed-in layout: visitors go to /signin with the return address. */
function signedInPage(route: string, cells: Partial<Cells> = {}): MatrixRow {
  return {
    route,
    method: "GET",
    request: () => ({ path: route }),
    expect: signedIn(signInFor(route), 200, cells),
  };
}

function publicPage(route: string, path = route): MatrixRow {
  return { route, method: "GET", request: () => ({ path }), expect: everyone(200) };
}

// ---------------------------------------------------------------------------------------- count readers

const arrayLength = (key: string) => (body: unknown) => {
  const list = (body as Record<string, unknown> | null)?.[key];
  return Array.isArray(list) ? list.length : -1;
};

/**
 * /spreads streams one page of its list: the number of ideas the plan's list holds, which the page is
 * filtered from (0 when none are read, for Free). The page never holds more than that.
 */
async function spreadsIdeas(body: unknown): Promise<number> {
  const trades = await (body as { trades: Promise<{ capped?: number; ideas?: unknown[] } | null> | null })
    .trades;
  if (!trades) return 0;
  if ((trades.ideas?.length ?? 0) > (trades.capped ?? 0)) return -1;
  return trades.capped ?? -1;
}

const field = (key: string) => (body: unknown) => Number((body as Record<string, unknown>)[key]);

// ----------------------------------------------------------------------------------------------- the table

export const MATRIX: MatrixRow[] = [
  // Public pages (docs/product/app-shell.md#routes-and-access).
  publicPage("/"),
  {
    route: "/signin",
    method: "GET",
    request: () => ({ path: "/signin" }),
    // Signed-in users are sent on to the default landing (docs/product/accounts-and-auth.md#sign-in), in one
    // hop: the /suggested-trades alias resolved to its screen (issue 10 defect 17).
    expect: signedIn(200, "/spreads"),
  },
  {
    route: "/signup",
    method: "GET",
    request: () => ({ path: "/signup" }),
    expect: signedIn(200, "/spreads"),
  },
  publicPage("/forgot-password"),
  publicPage("/reset-password", "/reset-password?token=abc"),
  publicPage("/options-guide"),
  publicPage("/how-we-rank"),
  publicPage("/track-record"),
  publicPage("/track-record.csv"),
  publicPage("/track-record-grades.csv"),
  publicPage("/wheelhouse-howtos"),
  publicPage("/wheelhouse-howtos/mobile-app-install"),
  publicPage("/pricing"),
  publicPage("/terms"),
  publicPage("/privacy"),
  publicPage("/risk-disclosure"),
  {
    route: "/share/trade/:tradeId",
    method: "GET",
    request: (w) => ({ path: `/share/trade/${w.tradeId}`, params: { tradeId: w.tradeId } }),
    expect: everyone(200),
  },
  publicPage(
    "/share/wheel",
    `/share/wheel?type=CSP&symbol=AAPL&exp=${daysFromToday(53)}&strike=200&premium=3.25`,
  ),
  {
    route: "/share/wheel/csp/:shareId",
    method: "GET",
    request: (w) => ({ path: `/share/wheel/csp/${w.cspShareId}`, params: { shareId: w.cspShareId } }),
    expect: everyone(200),
  },
  {
    route: "/share/wheel/cc/:shareId",
    method: "GET",
    request: (w) => ({ path: `/share/wheel/cc/${w.ccShareId}`, params: { shareId: w.ccShareId } }),
    expect: everyone(200),
  },
  // Both result pages send a visitor to / (docs/product/public-pages.md#subscription-result-pages).
  {
    route: "/subscription/success",
    method: "GET",
    request: () => ({ path: "/subscription/success" }),
    expect: signedIn("/", 200),
  },
  {
    route: "/subscription/cancelled",
    method: "GET",
    request: () => ({ path: "/subscription/cancelled" }),
    expect: signedIn("/", 200),
  },
  // /admin needs an admin, /admin/login sends one on to /admin (docs/product/admin.md#admin-sign-in).
  {
    route: "/admin",
    method: "GET",
    request: () => ({ path: "/admin" }),
    expect: { ...everyone("/admin/login"), admin: 200 },
  },
  // Each back-office tab is its own route (the frame's loader runs first); every one needs an admin.
  ...(["/admin/features", "/admin/invites", "/admin/trials", "/admin/feedback"] as const).map(
    (path): MatrixRow => ({
      route: path,
      method: "GET",
      request: () => ({ path }),
      expect: { ...everyone("/admin/login"), admin: 200 },
    }),
  ),
  // Every admin action checks the role and the admins row; anyone else is refused. Each tab takes its own
  // intents (a profile reset is the /admin route's, from the lookup card beside every tab).
  {
    route: "/admin",
    method: "POST",
    // An address nobody has: the admin check passes and the reset finds no user.
    request: () => ({ path: "/admin", form: { intent: "profile-reset", email: "nobody@example.com" } }),
    expect: { ...everyone(403), admin: 404 },
  },
  {
    route: "/admin/features",
    method: "POST",
    // An unknown request id: the admin check passes and the update finds nothing.
    request: () => ({
      path: "/admin/features",
      form: { intent: "status", requestId: "none", status: "planned" },
    }),
    expect: { ...everyone(403), admin: 404 },
  },
  {
    route: "/admin/invites",
    method: "POST",
    request: () => ({ path: "/admin/invites", form: { intent: "invite", email: "invitee@example.com" } }),
    expect: { ...everyone(403), admin: 200 },
  },
  {
    route: "/admin/trials",
    method: "POST",
    // An address nobody has: the admin check passes and the trial finds no user.
    request: () => ({ path: "/admin/trials", form: { intent: "trial-cancel", email: "nobody@example.com" } }),
    expect: { ...everyone(403), admin: 404 },
  },
  {
    route: "/admin/login",
    method: "GET",
    request: () => ({ path: "/admin/login" }),
    expect: { ...everyone(200), admin: "/admin" },
  },
  publicPage("/admin/forgot-password"),
  {
    route: "/unsubscribe",
    method: "GET",
    request: (w) => ({ path: `/unsubscribe?token=${encodeURIComponent(w.unsubscribeToken)}` }),
    expect: everyone(200),
  },

  // Sign-in required (docs/product/app-shell.md#routes-and-access): visitors go to /signin with the return
  // address.
  signedInPage("/change-password"),
  signedInPage("/account/delete"),
  {
    route: "/account/delete",
    method: "POST",
    // Without the typed confirmation nothing is deleted: the answer shows who may ask.
    request: () => ({ path: "/account/delete", form: {} }),
    expect: signedIn(signInFor("/account/delete"), 400),
  },
  {
    route: "/spreads",
    method: "GET",
    request: () => ({ path: "/spreads" }),
    count: spreadsIdeas,
    // Free none (upgrade prompt), Pro at most 30, Elite unlimited
    // (docs/product/trade-ideas.md#what-a-plan-sees).
    expect: byPlan(
      signInFor("/spreads"),
      { status: 200, count: 0 },
      { status: 200, count: 30 },
      { status: 200, count: IDEA_COUNT },
    ),
  },
  {
    route: "/tickers",
    method: "GET",
    request: () => ({ path: "/tickers" }),
    count: field("limit"),
    // Watchlist of 3 (Free), 10 (Pro), 50 (Elite) (docs/product/plans-and-billing.md#plan-limits).
    expect: byPlan(
      signInFor("/tickers"),
      { status: 200, count: 3 },
      { status: 200, count: 10 },
      { status: 200, count: 50 },
    ),
  },
  {
    route: "/wheels",
    method: "GET",
    request: () => ({ path: "/wheels" }),
    count: field("positionLimit"),
    // Positions 0 (Free), 10 (Pro), 50 (Elite) (docs/product/wheel.md#positions).
    expect: byPlan(
      signInFor("/wheels"),
      { status: 200, count: 0 },
      { status: 200, count: 10 },
      { status: 200, count: 50 },
    ),
  },
  {
    route: "/wheels",
    method: "POST",
    // The screen's action saves a preference (decision 317); every plan may, a visitor is sent to sign in.
    request: () => ({ path: "/wheels", form: { intent: "risk", cspRisk: "conservative" } }),
    expect: byPlan(signInFor("/wheels"), 200, 200, 200),
  },
  {
    route: "/wheels/campaigns",
    method: "GET",
    request: () => ({ path: "/wheels/campaigns" }),
    count: field("limit"),
    // The ledger's open campaigns are limited like positions (decision 271); Free sees what it does.
    expect: byPlan(
      signInFor("/wheels/campaigns"),
      { status: 200, count: 0 },
      { status: 200, count: 10 },
      { status: 200, count: 50 },
    ),
  },
  {
    route: "/wheels/campaigns",
    method: "POST",
    request: () => ({
      path: "/wheels/campaigns",
      form: {
        kind: "sell_to_open",
        date: daysFromToday(-3),
        symbol: "T",
        optionType: "put",
        strike: "20",
        expiration: daysFromToday(25),
        contracts: "1",
        price: "0.3",
      },
    }),
    expect: byPlan(signInFor("/wheels/campaigns"), 403, 200, 200),
  },
  {
    route: "/spreads",
    method: "POST",
    request: () => ({ path: "/spreads", form: { profile: "balanced" } }),
    // The saved spreads profile (decision 237): any signed-in user's own choice; a visitor signs in first. The
    // default is saved, so the rows after it still read the Balanced list.
    expect: signedIn(signInFor("/spreads"), 200),
  },
  {
    route: "/tickers",
    method: "POST",
    request: () => ({ path: "/tickers", form: { intent: "add", symbol: "KO" } }),
    // A visitor cannot add symbols (docs/product/watchlist-and-tickers.md#adding-a-symbol).
    expect: signedIn(401, 200),
  },
  signedInPage("/feedback"),
  {
    route: "/feedback",
    method: "POST",
    request: () => ({
      path: "/feedback",
      form: { intent: "feedback", category: "general", text: "The calendar could show the time zone." },
    }),
    // Feedback needs an active or trialing Pro or Elite plan (docs/product/feedback-board.md#who-may-post).
    expect: byPlan(401, 403, 200, 200),
  },
  signedInPage("/notifications"),
  signedInPage("/simulation"),
  signedInPage("/saved"),
  signedInPage("/positions"),

  // Aliases (docs/product/app-shell.md#routes-and-access): /account/subscription -> /pricing; the default
  // landing -> the trade ideas.
  {
    route: "/account/subscription",
    method: "GET",
    request: () => ({ path: "/account/subscription" }),
    expect: everyone("/pricing"),
  },
  {
    route: "/suggested-trades",
    method: "GET",
    request: () => ({ path: "/suggested-trades" }),
    expect: everyone("/spreads"),
  },
  {
    route: "/dashboard",
    method: "GET",
    request: () => ({ path: "/dashboard" }),
    expect: everyone("/spreads"),
  },

  // API.
  {
    route: "/signout",
    method: "POST",
    request: () => ({ path: "/signout", form: {} }),
    last: true,
    expect: everyone("/"),
  },
  {
    route: "/api/auth/*",
    method: "GET",
    request: () => ({ path: "/api/auth/get-session", params: { "*": "get-session" } }),
    expect: everyone(200),
  },
  {
    route: "/api/auth/*",
    method: "POST",
    request: () => ({
      path: "/api/auth/update-user",
      params: { "*": "update-user" },
      json: { name: "Renamed" },
    }),
    // better-auth's own endpoints: a session from before a ban is refused (403), not merely unknown.
    expect: signedIn(401, 200, { banned: 403 }),
  },
  // The name and image a user writes (decision 210): wrong types and lengths are a 400 for everyone before
  // anything reaches D1 (a visitor's too: the body is checked before the session); a banned session stays 403.
  ...[
    { name: [] },
    { name: [[1]] },
    { name: null },
    { name: "x".repeat(101) },
    { image: [1] },
    { image: {} },
  ].map((json): MatrixRow => ({
    route: "/api/auth/*",
    method: "POST",
    request: () => ({ path: "/api/auth/update-user", params: { "*": "update-user" }, json }),
    expect: { ...everyone(400), banned: 403 },
  })),
  publicPage("/api/health"),
  {
    route: "/api/events",
    method: "POST",
    request: () => ({ path: "/api/events", json: { name: "page_view", path: "/pricing" } }),
    expect: everyone(204),
  },
  // Visitors see the default symbols' cards too (docs/product/watchlist-and-tickers.md#default-symbols).
  publicPage("/api/get_tickers_info", "/api/get_tickers_info?symbols=SPY,QQQ"),
  publicPage("/api/get_economic_cal"),
  {
    route: "/api/get_trades",
    method: "GET",
    request: () => ({ path: "/api/get_trades" }),
    count: arrayLength("trade_suggestions"),
    // Signed-in only (the share page reads one idea through /api/trade/:tradeId); capped per plan.
    expect: byPlan(
      { status: 401, count: -1 },
      { status: 403, count: 0 },
      { status: 200, count: 30 },
      { status: 200, count: IDEA_COUNT },
    ),
  },
  {
    route: "/api/trade/:tradeId",
    method: "GET",
    request: (w) => ({ path: `/api/trade/${w.tradeId}`, params: { tradeId: w.tradeId } }),
    expect: everyone(200),
  },
  // Wheel calls need a signed-in user ('User not authenticated'); the CSP view is open to Free
  // (docs/product/wheel.md#who-may-use-it).
  {
    route: "/api/wheel/csp-strategies/batch",
    method: "POST",
    request: () => ({ path: "/api/wheel/csp-strategies/batch", json: { tickers: ["SPY"] } }),
    expect: signedIn(401, 200),
  },
  {
    route: "/api/wheel/cc-strategies/batch",
    method: "POST",
    request: () => ({
      path: "/api/wheel/cc-strategies/batch",
      json: { positions: [{ ticker: "SPY", shares: 100, costBasis: 500 }] },
    }),
    // Free has the CSP view only, and no positions to cover (docs/product/wheel.md#who-may-use-it).
    expect: byPlan(401, 403, 200, 200),
  },
  {
    route: "/api/wheel/preferences",
    method: "GET",
    request: () => ({ path: "/api/wheel/preferences" }),
    expect: signedIn(401, 200),
  },
  {
    route: "/api/wheel/positions",
    method: "GET",
    request: () => ({ path: "/api/wheel/positions" }),
    count: field("limit"),
    expect: byPlan(
      { status: 401, count: NaN },
      { status: 200, count: 0 },
      { status: 200, count: 10 },
      { status: 200, count: 50 },
    ),
  },
  {
    route: "/api/wheel/positions",
    method: "POST",
    // Eleven positions: over Free's 0 and Pro's 10, within Elite's 50 (docs/product/wheel.md#positions).
    request: () => ({
      path: "/api/wheel/positions",
      json: {
        positions: ["AAPL", "MSFT", "SPY", "QQQ", "KO", "TSLA", "NVDA", "AMZN", "META", "IWM", "CLX"].map(
          (symbol) => ({ symbol, shares: 100, costBasis: 50 }),
        ),
        // A fresh user's list is at version 0; every save names it (decision 300).
        version: 0,
      },
    }),
    expect: byPlan(401, 403, 403, 200),
  },
  {
    route: "/api/wheel/positions/check",
    method: "POST",
    // Reads an import against the stored list and the market (decision 257); positions are a paid feature.
    request: () => ({
      path: "/api/wheel/positions/check",
      json: { positions: [{ symbol: "AAPL", shares: 100, costBasis: 50 }] },
    }),
    expect: byPlan(401, 403, 200, 200),
  },
  // The wheel ledger (issue 31, decision 270): open campaigns are limited like positions (Free 0, Pro 10,
  // Elite 50); reading and exporting one's own ledger is open to every signed-in user.
  {
    route: "/api/wheel/ledger",
    method: "GET",
    request: () => ({ path: "/api/wheel/ledger" }),
    count: field("limit"),
    expect: byPlan(
      { status: 401, count: NaN },
      { status: 200, count: 0 },
      { status: 200, count: 10 },
      { status: 200, count: 50 },
    ),
  },
  {
    route: "/api/wheel/ledger",
    method: "POST",
    request: () => ({
      path: "/api/wheel/ledger",
      json: {
        date: daysFromToday(-3),
        symbol: "KO",
        kind: "sell_to_open",
        optionType: "put",
        strike: 55,
        expiration: daysFromToday(25),
        contracts: 1,
        price: 0.8,
      },
    }),
    expect: byPlan(401, 403, 201, 201),
  },
  {
    route: "/api/wheel/ledger/export",
    method: "GET",
    request: () => ({ path: "/api/wheel/ledger/export" }),
    expect: signedIn(401, 200),
  },
  // The ledger's import (decisions 272, 273): a preview writes nothing, a commit writes; both are the
  // ledger's, so Free is refused with the upgrade words and the plan's open campaigns hold.
  {
    route: "/api/wheel/ledger/import",
    method: "POST",
    request: () => ({
      path: "/api/wheel/ledger/import",
      json: { csv: importCsv("PEP", 150) },
    }),
    expect: byPlan(401, 403, 200, 200),
  },
  // Spread positions (decision 333; docs/product/plans-and-billing.md#plan-limits: open positions Free 0, Pro 10,
  // Elite 50): every signed-in user reads their list with the plan's cap; opening one is the plan's.
  {
    route: "/api/positions",
    method: "GET",
    request: () => ({ path: "/api/positions" }),
    count: field("limit"),
    expect: byPlan(
      { status: 401, count: NaN },
      { status: 200, count: 0 },
      { status: 200, count: 10 },
      { status: 200, count: 50 },
    ),
  },
  {
    route: "/api/positions",
    method: "POST",
    request: () => ({
      path: "/api/positions",
      json: {
        version: 0,
        action: "open",
        position: {
          symbol: "KO",
          strategy: "BULL_PUT_SPREAD",
          legs: [
            { right: "put", side: "short", strike: 55, expiration: daysFromToday(25) },
            { right: "put", side: "long", strike: 50, expiration: daysFromToday(25) },
          ],
          contracts: 1,
          openCredit: 0.8,
          openedOn: daysFromToday(-1),
        },
      },
    }),
    expect: byPlan(401, 403, 201, 201),
  },
  // The roll finder reads the user's own open position only: an id that is not theirs is a 404 for everyone.
  {
    route: "/api/positions/:id/rolls",
    method: "GET",
    request: () => ({ path: "/api/positions/none/rolls", params: { id: "none" } }),
    expect: signedIn(401, 404),
  },
  // A wheel option's roll finder reads the user's own open campaign only: one not theirs is a 404 for everyone.
  {
    route: "/api/wheel/options/:campaignId/:optionKey/rolls",
    method: "GET",
    request: () => ({
      path: "/api/wheel/options/none/put:50:2027-01-15/rolls",
      params: { campaignId: "none", optionKey: "put:50:2027-01-15" },
    }),
    expect: signedIn(401, 404),
  },
  // The cash the book's buying power is set against (decision 341): open positions are paid, so is this.
  {
    route: "/api/positions/book",
    method: "PUT",
    request: () => ({ path: "/api/positions/book", json: { statedCash: 25000 } }),
    expect: byPlan(401, 403, 200, 200),
  },
  {
    route: "/api/wheel/ledger/import",
    method: "POST",
    request: () => ({
      path: "/api/wheel/ledger/import",
      json: { csv: importCsv("PEP", 145), commit: true },
    }),
    expect: byPlan(401, 403, 201, 201),
  },
  {
    route: "/api/wheel/favorites",
    method: "GET",
    request: () => ({ path: "/api/wheel/favorites" }),
    count: arrayLength("favorites"),
    // Each user sees their own one favorite, never another's.
    expect: signedIn({ status: 401, count: -1 }, { status: 200, count: 1 }),
  },
  {
    route: "/api/wheel/favorites/:id",
    method: "DELETE",
    // Each user removes their own favorite.
    request: (w, role) => {
      const id = role === "visitor" ? "none" : w.users[role].favoriteId;
      return { path: `/api/wheel/favorites/${id}`, params: { id } };
    },
    expect: signedIn(401, 200),
  },
  // Share creation needs no auth; shared pages are public (docs/product/sharing.md#share-links).
  {
    route: "/api/wheel/share/:type",
    method: "POST",
    request: () => ({
      path: "/api/wheel/share/csp",
      params: { type: "csp" },
      json: {
        strategy: { symbol: "SPY", putStrike: 500, premium: 4, expirationDate: daysFromToday(53) },
      },
    }),
    expect: everyone(201),
  },
  {
    route: "/api/wheel/share/:type/:id",
    method: "GET",
    request: (w) => ({ path: `/api/wheel/share/cc/${w.ccShareId}`, params: { type: "cc", id: w.ccShareId } }),
    expect: everyone(200),
  },
  {
    route: "/api/trade-image/:tradeId",
    method: "GET",
    request: (w) => ({ path: `/api/trade-image/${w.tradeId}`, params: { tradeId: w.tradeId } }),
    expect: everyone(200),
  },
  {
    route: "/api/csp-image/:id",
    method: "GET",
    request: (w) => ({ path: `/api/csp-image/${w.cspShareId}`, params: { id: w.cspShareId } }),
    expect: everyone(200),
  },
  {
    route: "/api/cc-image/:id",
    method: "GET",
    request: (w) => ({ path: `/api/cc-image/${w.ccShareId}`, params: { id: w.ccShareId } }),
    expect: everyone(200),
  },
  publicPage("/robots.txt"),
  publicPage("/push-sw.js"),
  publicPage("/sitemap.xml"),
  // Notifications need a paid plan (requiresUpgrade) and a signed-in user
  // (docs/product/notifications-and-email.md#what-each-plan-gets).
  {
    route: "/api/notifications/preferences",
    method: "GET",
    request: () => ({ path: "/api/notifications/preferences" }),
    expect: byPlan(401, 403, 200, 200),
  },
  {
    route: "/api/notifications/history",
    method: "GET",
    request: () => ({ path: "/api/notifications/history?limit=20" }),
    expect: byPlan(401, 403, 200, 200),
  },
  {
    route: "/api/notifications/toggle",
    method: "POST",
    request: () => ({ path: "/api/notifications/toggle", json: { enabled: true } }),
    expect: byPlan(401, 403, 200, 200),
  },
  {
    route: "/api/notifications/test",
    method: "POST",
    request: () => ({ path: "/api/notifications/test" }),
    expect: byPlan(401, 403, 200, 200),
  },
  // Push devices (decision 336): paid plans; a subscription that is not a browser's is refused after the plan check.
  {
    route: "/api/notifications/push-devices",
    method: "GET",
    request: () => ({ path: "/api/notifications/push-devices" }),
    expect: byPlan(401, 403, 200, 200),
  },
  {
    route: "/api/notifications/push-devices",
    method: "POST",
    request: () => ({ path: "/api/notifications/push-devices", json: { subscription: {} } }),
    expect: byPlan(401, 403, 400, 400),
  },
  {
    route: "/api/notifications/push-devices/:id",
    method: "DELETE",
    request: () => ({ path: "/api/notifications/push-devices/none", params: { id: "none" } }),
    expect: byPlan(401, 403, 404, 404),
  },
  {
    route: "/api/notifications/push-devices/:id/test",
    method: "POST",
    request: () => ({ path: "/api/notifications/push-devices/none/test", params: { id: "none" } }),
    expect: byPlan(401, 403, 404, 404),
  },
  // The signed token is the only credential (RFC 8058 one-click): the same for every caller.
  {
    route: "/api/notifications/unsubscribe",
    method: "POST",
    request: (w) => ({
      path: `/api/notifications/unsubscribe?token=${encodeURIComponent(w.unsubscribeToken)}`,
      form: { "List-Unsubscribe": "One-Click" },
    }),
    expect: everyone(200),
  },
  {
    route: "/api/create-checkout-session",
    method: "POST",
    request: () => ({
      path: "/api/create-checkout-session",
      json: { tier: "Elite Plan", period: "monthly" },
    }),
    // Subscribers change plan in place instead (409 points them there, decision 081).
    expect: { ...byPlan(401, 200, 409, 409), promoTrial: 200 },
  },
  {
    route: "/api/stripe/change-plan",
    method: "POST",
    request: () => ({ path: "/api/stripe/change-plan", json: { tier: "Elite Plan", period: "yearly" } }),
    expect: signedIn(401, 200),
  },
  {
    route: "/api/stripe/portal",
    method: "POST",
    request: () => ({ path: "/api/stripe/portal", json: {} }),
    expect: signedIn(401, 200),
  },
  {
    route: "/api/stripe/cancel-subscription",
    method: "POST",
    request: () => ({ path: "/api/stripe/cancel-subscription", json: { cancelImmediately: false } }),
    // Only a Stripe subscription can be cancelled: trials and Free answer 400 (no subscription).
    expect: { ...byPlan(401, 400, 200, 200), promoTrial: 400 },
  },
  // Only Stripe's signature counts; a session changes nothing.
  {
    route: "/api/stripe/webhook",
    method: "POST",
    request: () => ({ path: "/api/stripe/webhook", json: { type: "invoice.paid" } }),
    expect: everyone(400),
  },
  // Only the email provider's signature counts (bounces and complaints); a session changes nothing.
  {
    route: "/api/email/events",
    method: "POST",
    request: () => ({
      path: "/api/email/events",
      json: { type: "email.bounced", data: { to: ["x@example.com"] } },
    }),
    expect: everyone(400),
  },
  {
    route: "/api/contact",
    method: "POST",
    request: () => ({
      path: "/api/contact",
      json: { email: "asker@example.com", message: "Do you offer team plans?" },
    }),
    expect: everyone(200),
  },
  // Local development only: they do not exist anywhere else (APP_ENV=test here).
  {
    route: "/__dev/seed",
    method: "POST",
    request: () => ({ path: "/__dev/seed", json: {} }),
    expect: everyone(404),
  },
  {
    route: "/__dev/track-backfill",
    method: "POST",
    request: () => ({ path: "/__dev/track-backfill", json: {} }),
    expect: everyone(404),
  },
  {
    route: "/__dev/market-refresh",
    method: "POST",
    request: () => ({ path: "/__dev/market-refresh", json: {} }),
    expect: everyone(404),
  },
  {
    route: "/__dev/outbox",
    method: "GET",
    request: () => ({ path: "/__dev/outbox" }),
    expect: everyone(404),
  },
  // Any unknown path redirects to / (docs/product/app-shell.md#routes-and-access).
  { route: "/*", method: "GET", request: () => ({ path: "/no-such-page" }), expect: everyone("/") },

  // The remaining writes (decision 215: every route with an action has a write row, which the matrix also
  // asks from a foreign origin).
  {
    route: "/*",
    method: "POST",
    request: () => ({ path: "/no-such-page", form: {} }),
    expect: everyone("/"),
  },
  {
    route: "/signin",
    method: "POST",
    request: () => ({ path: "/signin", form: { email: "nobody@example.com", password: "wrong-password" } }),
    // Wrong credentials are the form's 400 with the product's message, whoever asks.
    expect: everyone(400),
  },
  {
    route: "/signup",
    method: "POST",
    request: () => ({ path: "/signup", form: {} }),
    expect: everyone(400),
  },
  {
    route: "/forgot-password",
    method: "POST",
    request: () => ({ path: "/forgot-password", form: { email: "nobody@example.com" } }),
    // No account enumeration: "sent" for any address. A banned account's old session is refused by
    // better-auth's own endpoint, as on /api/auth/* above.
    expect: { ...everyone(200), banned: 400 },
  },
  {
    route: "/reset-password",
    method: "POST",
    request: () => ({ path: "/reset-password", form: {} }),
    expect: everyone(400),
  },
  {
    route: "/change-password",
    method: "POST",
    request: () => ({ path: "/change-password", form: {} }),
    expect: signedIn(signInFor("/change-password"), 400),
  },
  {
    route: "/admin/login",
    method: "POST",
    request: () => ({ path: "/admin/login", form: {} }),
    expect: everyone(400),
  },
  {
    route: "/admin/forgot-password",
    method: "POST",
    request: () => ({ path: "/admin/forgot-password", form: { email: "nobody@example.com" } }),
    // The admin record must exist, and the form says so when it does not
    // (docs/product/admin.md#admin-sign-in).
    expect: everyone(404),
  },
  {
    route: "/unsubscribe",
    method: "POST",
    request: (w) => ({ path: "/unsubscribe", form: { token: w.unsubscribeToken } }),
    expect: everyone(200),
  },
  {
    route: "/api/wheel/preferences",
    method: "POST",
    request: () => ({ path: "/api/wheel/preferences", json: { cashAvailable: 25_000 } }),
    expect: signedIn(401, 200),
  },
  {
    route: "/api/wheel/favorites",
    method: "POST",
    // Each user saves a trade of their own (the seeded favorite is another id).
    request: (_w, role) => ({
      path: "/api/wheel/favorites",
      json: { type: "CSP", trade: { id: `authz-${role}-${crypto.randomUUID()}`, symbol: "KO" } },
    }),
    expect: signedIn(401, 201),
  },
  {
    route: "/api/notifications/preferences",
    method: "PUT",
    request: () => ({ path: "/api/notifications/preferences", json: {} }),
    expect: byPlan(401, 403, 200, 200),
  },
];
