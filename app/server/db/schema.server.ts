// The D1 schema: better-auth's tables (with the admin plugin's fields and our subscription fields on
// `user`) and every entity of the product. Where the original brief kept arrays or counters inside documents
// (voter lists, per-user request counts, symbol lists) we store rows and count them with indexes.
import { relations, sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { LedgerEvent } from "#app/engine/wheel/ledger.ts";
import type { FeatureStatus, FeedbackCategory } from "#app/lib/feedback.ts";
import type { ColumnMapping } from "#app/lib/wheel/ledger-import.ts";
import type { RiskLevel, WheelType } from "#app/lib/wheel/wheel.ts";
import type { CostBasisChoice } from "#app/lib/wheel/ledger.ts";
import type { SharePayload } from "#app/lib/wheel/share.ts";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

// ---------------------------------------------------------------- better-auth
export const user = sqliteTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    image: text("image"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    // admin plugin
    role: text("role"),
    banned: integer("banned", { mode: "boolean" }).default(false),
    banReason: text("ban_reason"),
    banExpires: integer("ban_expires", { mode: "timestamp_ms" }),
    // subscription (docs/product/accounts-and-auth.md#user-fields; the field names are the product's)
    subscriptionTier: text("subscription_tier").notNull().default("Free Plan"),
    subscriptionStatus: text("subscription_status").notNull().default("inactive"),
    trialEnd: integer("trial_end", { mode: "timestamp_ms" }),
    currentPeriodEnd: integer("current_period_end", { mode: "timestamp_ms" }),
    hasUsedTrial: integer("has_used_trial", { mode: "boolean" }).notNull().default(false),
    subscriptionId: text("subscription_id"),
    lastSubscriptionTier: text("last_subscription_tier"),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    stripeCustomerId: text("stripe_customer_id"),
    // The watchlist's symbols in order, as JSON: a copy kept by triggers on watchlist_symbols (migration 0010),
    // read with the session instead of a second query (decision 209). Never written by the app.
    watchlistSymbolsJson: text("watchlist_symbols_json").notNull().default("[]"),
    spreadProfile: text("spread_profile").notNull().default("balanced"),
  },
  (t) => [
    index("user_subscription_status_idx").on(t.subscriptionStatus, t.trialEnd),
    index("user_stripe_customer_idx").on(t.stripeCustomerId),
    index("user_subscription_id_idx").on(t.subscriptionId),
  ],
);

export const session = sqliteTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = sqliteTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: integer("access_token_expires_at", { mode: "timestamp_ms" }),
    refreshTokenExpiresAt: integer("refresh_token_expires_at", { mode: "timestamp_ms" }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("account_user_idx").on(t.userId),
    index("account_provider_idx").on(t.providerId, t.accountId),
  ],
);

// better-auth reads a session and its user in one query (advanced.database.joins in auth.server.ts) through
// drizzle's relational API, which needs these relations. They are not schema: no migration comes from them.
export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));

export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));

export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

export const verification = sqliteTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const rateLimit = sqliteTable(
  "rate_limit",
  {
    id: text("id").primaryKey(),
    key: text("key").notNull().unique(),
    count: integer("count").notNull(),
    lastRequest: integer("last_request").notNull(),
  },
  // Retention deletes expired rows oldest first (migration 0012).
  (t) => [index("rate_limit_last_request_idx").on(t.lastRequest)],
);

// ---------------------------------------------------------------- accounts and access
/**
 * Admin record: an admin is a user with role 'admin' AND a row here (docs/product/admin.md#who-is-an-admin).
 */
export const admins = sqliteTable("admins", {
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});

export const invites = sqliteTable(
  "invites",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    status: text("status").notNull().default("pending"),
    invitedBy: text("invited_by"),
    createdAt: createdAt(),
  },
  (t) => [index("invites_email_idx").on(t.email)],
);

/** Every back-office action: who (admin), what (action + detail), when, and its target (migration 0008). */
export const adminAuditLog = sqliteTable(
  "admin_audit_log",
  {
    id: text("id").primaryKey(),
    adminUserId: text("admin_user_id").references(() => user.id, { onDelete: "set null" }),
    adminEmail: text("admin_email").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_log_created_idx").on(t.createdAt)],
);

// ---------------------------------------------------------------- watchlist
/** One row per symbol; `position` keeps the user's order (the original brief kept a list in a document). */
export const watchlistSymbols = sqliteTable(
  "watchlist_symbols",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    symbol: text("symbol").notNull(),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.symbol] }),
    index("watchlist_user_position_idx").on(t.userId, t.position),
  ],
);

/**
 * One-shot notices about a plan change, written in the same batch as the change's consequence and shown on
 * the user's next visit (e.g. 'watchlist-trimmed': the list was cut to the new plan's limit). The page
 * that shows one dismisses it with a POST; a GET never deletes it.
 */
export const planNotices = sqliteTable(
  "plan_notices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    plan: text("plan").notNull(),
    limitValue: integer("limit_value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

// ---------------------------------------------------------------- feedback and feature requests
export const featureRequests = sqliteTable(
  "feature_requests",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    status: text("status").$type<FeatureStatus>().notNull().default("under-review"),
    /** Net score, kept in the same batch as the vote rows that produce it. */
    votes: integer("votes").notNull().default(0),
    createdByUserId: text("created_by_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    userSubscriptionTier: text("user_subscription_tier").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("feature_requests_status_created_idx").on(t.status, t.createdAt),
    index("feature_requests_author_idx").on(t.createdByUserId),
  ],
);

/** Votes as rows (the original brief kept upvoters/downvoters lists): direction +1 or -1. */
export const featureVotes = sqliteTable(
  "feature_votes",
  {
    requestId: text("request_id")
      .notNull()
      .references(() => featureRequests.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    direction: integer("direction").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] }), index("feature_votes_user_idx").on(t.userId)],
);

export const feedback = sqliteTable(
  "feedback",
  {
    id: text("id").primaryKey(),
    category: text("category").$type<FeedbackCategory>().notNull(),
    text: text("text").notNull(),
    createdByUserId: text("created_by_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("feedback_author_idx").on(t.createdByUserId),
    index("feedback_category_created_idx").on(t.category, t.createdAt),
    index("feedback_created_idx").on(t.createdAt),
  ],
);

export const cancellationFeedback = sqliteTable(
  "cancellation_feedback",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** JSON array of the selected survey reasons. */
    reasons: text("reasons", { mode: "json" }).$type<string[]>().notNull(),
    comment: text("comment").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("cancellation_feedback_created_idx").on(t.createdAt)],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

// ---------------------------------------------------------------- notifications
/** One preferences document per user (a nested object read and written whole). */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    preferences: text("preferences", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** Copies of preferences fields the dispatcher's due query filters on (migration 0007). */
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    timeZone: text("time_zone").notNull().default("America/New_York"),
    /** Epoch ms of the next cron run that should build this user's alerts (0 = the next one). */
    nextRunAt: integer("next_run_at").notNull().default(0),
    lastRunAt: integer("last_run_at"),
  },
  (t) => [index("notification_preferences_due_idx").on(t.enabled, t.nextRunAt)],
);

export const notificationHistory = sqliteTable(
  "notification_history",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    symbol: text("symbol"),
    eventType: text("event_type").notNull(),
    eventDate: text("event_date"),
    alertType: text("alert_type").notNull(),
    status: text("status").notNull(),
    /** Same event for the same user is alerted once. */
    dedupeKey: text("dedupe_key").notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    /** The email the alert went out in; its delivery status is the item's status. */
    outboxId: text("outbox_id"),
  },
  (t) => [
    index("notification_history_user_created_idx").on(t.userId, t.createdAt),
    uniqueIndex("notification_history_dedupe_idx").on(t.userId, t.dedupeKey),
    index("notification_history_outbox_idx").on(t.outboxId),
  ],
);

/** Threshold alerts (RSI, sentiment, price moves): armed/disarmed for hysteresis, last firing for the cooldown. */
export const notificationAlertState = sqliteTable(
  "notification_alert_state",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    armed: integer("armed", { mode: "boolean" }).notNull().default(true),
    lastValue: real("last_value"),
    lastFiredAt: integer("last_fired_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

// ---------------------------------------------------------------- wheel
export const wheelPreferences = sqliteTable("wheel_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  cashAvailable: real("cash_available").notNull().default(100000),
  cspRiskLevel: text("csp_risk_level").$type<RiskLevel>().notNull().default("balanced"),
  ccRiskLevel: text("cc_risk_level").$type<RiskLevel>().notNull().default("balanced"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  /** The positions list's version: each accepted save adds one; a save from an older one is refused. */
  positionsVersion: integer("positions_version").notNull().default(0),
  /** The basis of ledger-owned lots on the covered-call screen: "broker" or "adjusted" (decision 271, 274). */
  ccCostBasis: text("cc_cost_basis").$type<CostBasisChoice>().notNull().default("broker"),
});

export const positions = sqliteTable(
  "positions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    symbol: text("symbol").notNull(),
    shares: integer("shares").notNull(),
    /** Per share, USD. */
    costBasis: real("cost_basis").notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("positions_user_symbol_idx").on(t.userId, t.symbol)],
);

export const favorites = sqliteTable(
  "favorites",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").$type<WheelType>().notNull(),
    /** The strategy's own id (the favorite's `trade.id`). */
    tradeId: text("trade_id").notNull(),
    trade: text("trade", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    savedAt: integer("saved_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("favorites_user_type_trade_idx").on(t.userId, t.type, t.tradeId),
    index("favorites_user_saved_idx").on(t.userId, t.savedAt),
  ],
);

/** Wheel share links (durable copy; KV SHARE_KV holds the hot copy). */
export const shares = sqliteTable(
  "shares",
  {
    id: text("id").primaryKey(),
    type: text("type").$type<WheelType>().notNull(),
    /** Written as a `SharePayload`; read back as text and re-validated (a stored record may predate the rules). */
    payload: text("payload", { mode: "json" }).$type<SharePayload>().notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("shares_expires_idx").on(t.expiresAt)],
);

// ---------------------------------------------------------------- track record
/**
 * The append-only idea log (decision 265, migration 0015: triggers refuse UPDATE and DELETE). One row per idea and
 * list tier at first publication; `content` is canonical JSON, `row_hash` = SHA-256(prev_hash + "\n" + content).
 */
export const ideaLog = sqliteTable(
  "idea_log",
  {
    seq: integer("seq").primaryKey(),
    tradeId: text("trade_id").notNull(),
    /** 1 the screened pool, 2 the Elite list's first 100, 3 the Pro 30. */
    tier: integer("tier").notNull(),
    profile: text("profile").notNull(),
    stockSymbol: text("stock_symbol").notNull(),
    strategyType: text("strategy_type").notNull(),
    expirationDate: text("expiration_date").notNull(),
    /** Calendar days to expiration at publication (the summary reads these two without parsing content). */
    dte: integer("dte").notNull(),
    /** Market-implied probability of profit at publication, percent. */
    pop: real("pop").notNull(),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }).notNull(),
    source: text("source").notNull(),
    /** 'cron' (the market refresh's publication) or 'backfill-simulated' (migration 0018, decision 266). */
    // An SQL default, inlined by drizzle: the cron's insert binds no 15th parameter (7 rows a statement stay under 100).
    origin: text("origin")
      .notNull()
      .default(sql`'cron'`),
    content: text("content").notNull(),
    prevHash: text("prev_hash").notNull(),
    rowHash: text("row_hash").notNull(),
  },
  (t) => [
    uniqueIndex("idea_log_prev_hash_unique").on(t.prevHash),
    uniqueIndex("idea_log_trade_tier_unique").on(t.tradeId, t.tier),
    index("idea_log_expiration_idx").on(t.expirationDate),
  ],
);

/** Grades of logged ideas (decision 265, migration 0017: append-only): per management rule and fill. */
export const ideaGrade = sqliteTable(
  "idea_grade",
  {
    logSeq: integer("log_seq")
      .notNull()
      .references(() => ideaLog.seq),
    /** 'hold' to expiry, or 'managed' (50% of the credit or 21 DTE). */
    rule: text("rule").notNull(),
    /** 'mid' or 'fill' (the fill basis the idea showed). */
    fill: text("fill").notNull(),
    /**
     * 'graded', 'no-settlement' (the symbol has no close on or after expiry: it stopped trading) or, for the
     * managed rule, 'no-marks' (no daily marks are known for the idea).
     */
    status: text("status").notNull(),
    gradedAt: integer("graded_at", { mode: "timestamp_ms" }).notNull(),
    settlementDate: text("settlement_date").notNull(),
    settlement: real("settlement"),
    /** 'close', or 'open-approx' for AM-settled index options (the open standing in for the settlement value). */
    settlementKind: text("settlement_kind").notNull(),
    /** Per contract, dollars. */
    pnl: real("pnl"),
    /** Per contract, dollars: the maximum loss at that fill (collateral for a CSP). */
    risk: real("risk").notNull(),
    win: integer("win", { mode: "boolean" }),
    shortsOtm: integer("shorts_otm", { mode: "boolean" }),
    pin: integer("pin", { mode: "boolean" }).notNull(),
    assigned: integer("assigned", { mode: "boolean" }).notNull(),
    calledAway: integer("called_away", { mode: "boolean" }).notNull(),
    exit: text("exit").notNull(),
    closedOn: text("closed_on"),
  },
  (t) => [primaryKey({ columns: [t.logSeq, t.rule, t.fill] })],
);

// ---------------------------------------------------------------- market history
/** Spread ideas kept by trade_unique_identifier so share links outlive the 5-minute cache. */
export const tradeIdeas = sqliteTable(
  "trade_ideas",
  {
    tradeUniqueIdentifier: text("trade_unique_identifier").primaryKey(),
    stockSymbol: text("stock_symbol").notNull(),
    strategyType: text("strategy_type").notNull(),
    expirationDate: text("expiration_date").notNull(),
    // Read back through parseStoredIdea (market/idea-record.server.ts): a record may predate a field.
    idea: text("idea", { mode: "json" }).$type<unknown>().notNull(),
    source: text("source").notNull(),
    firstSeenAt: integer("first_seen_at", { mode: "timestamp_ms" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("trade_ideas_symbol_idx").on(t.stockSymbol),
    index("trade_ideas_expiration_idx").on(t.expirationDate),
    index("trade_ideas_last_seen_idx").on(t.lastSeenAt),
  ],
);

/**
 * Option contracts of logged live ideas whose closing marks the refresh records (decision 278, migration 0022):
 * `occ` is the compact OCC symbol; derived data (not in the hash chain), deleted 30 days after expiration.
 */
export const trackedContracts = sqliteTable(
  "tracked_contracts",
  {
    occ: text("occ").primaryKey(),
    symbol: text("symbol").notNull(),
    expiration: text("expiration").notNull(),
  },
  (t) => [index("tracked_contracts_expiration_idx").on(t.expiration)],
);

/**
 * One symbol's closing marks for one session (decision 278): its open tracked contracts' bid and ask (compact OCC
 * symbol -> [bid, ask]) and the underlying's price. One row per symbol and session, not per contract.
 */
export const closingMarks = sqliteTable(
  "closing_marks",
  {
    symbol: text("symbol").notNull(),
    date: text("date").notNull(), // YYYY-MM-DD, New York trading day
    underlying: real("underlying").notNull(),
    quotes: text("quotes", { mode: "json" }).$type<Record<string, [number, number]>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.date] }), index("closing_marks_date_idx").on(t.date)],
);

/** Daily closes for RSI and historical volatility. */
export const dailyCloses = sqliteTable(
  "daily_closes",
  {
    symbol: text("symbol").notNull(),
    date: text("date").notNull(), // YYYY-MM-DD, New York trading day
    open: real("open"),
    high: real("high"),
    low: real("low"),
    close: real("close").notNull(),
    volume: real("volume"),
    source: text("source").notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.date] })],
);

/** Last good payload per cache key, so a failing provider serves stale data instead of nothing. */
export const marketSnapshots = sqliteTable("market_snapshots", {
  key: text("key").primaryKey(),
  payload: text("payload", { mode: "json" }).$type<unknown>().notNull(),
  source: text("source").notNull(),
  asOf: text("as_of").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** One row per cron run (market refresh, notifications, housekeeping). */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    id: text("id").primaryKey(),
    job: text("job").notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    durationMs: integer("duration_ms"),
    ok: integer("ok", { mode: "boolean" }).notNull().default(false),
    itemsProcessed: integer("items_processed").notNull().default(0),
    failures: integer("failures").notNull().default(0),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>(),
  },
  (t) => [index("job_runs_job_started_idx").on(t.job, t.startedAt)],
);

// ---------------------------------------------------------------- email, analytics, billing
/** Every email goes through here; the sender job delivers, records failures and retries. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    kind: text("kind").notNull(),
    /** Extra headers as JSON (List-Unsubscribe and List-Unsubscribe-Post on alert emails). */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    status: text("status").notNull().default("queued"), // queued | sent | failed | captured | suppressed
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("email_outbox_status_next_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_to_created_idx").on(t.to, t.createdAt),
    // Retention deletes finished rows oldest first (migration 0012).
    index("email_outbox_created_idx").on(t.createdAt),
  ],
);

/** Addresses the provider reported as bounced or complained about (migration 0025, decision 289). */
export const emailSuppressions = sqliteTable("email_suppressions", {
  address: text("address").primaryKey(),
  reason: text("reason").notNull(), // bounce | complaint
  detail: text("detail"),
  createdAt: createdAt(),
});

export const analyticsEvents = sqliteTable(
  "analytics_events",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    userId: text("user_id"),
    sessionId: text("session_id"),
    path: text("path"),
    properties: text("properties", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("analytics_events_name_created_idx").on(t.name, t.createdAt),
    index("analytics_events_user_idx").on(t.userId),
    // The retention delete is a range on this index, not a scan (migration 0024).
    index("analytics_events_created_idx").on(t.createdAt),
  ],
);

/**
 * Daily event counts per name and path, rolled up from Analytics Engine by the analyticsRollup job (decision 284,
 * migration 0024). A day's rows are replaced whole, so a rerun is idempotent. No user, no session: nothing here
 * names a person, so it is kept without a retention limit.
 */
export const analyticsDaily = sqliteTable(
  "analytics_daily",
  {
    /** UTC day, YYYY-MM-DD. */
    day: text("day").notNull(),
    name: text("name").notNull(),
    /** The event's path; '' when it had none. */
    path: text("path").notNull().default(""),
    /** Events that day (Analytics Engine's sample-weighted count). */
    events: integer("events").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.name, t.path] })],
);

/** Stripe event ids already applied: written in the same batch as the state change they cause. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: integer("processed_at", { mode: "timestamp_ms" }).notNull(),
});

// ---------------------------------------------------------------- wheel campaign ledger
/**
 * Each user's wheel ledger events (decision 270, migration 0019: append-only; DELETE only once the user row is
 * gone). `event` is the event's JSON (app/engine/wheel/ledger.ts LedgerEvent); `user_seq` numbers a user's events
 * from 1 and is the version a write must extend.
 */
export const wheelLedgerEvents = sqliteTable(
  "wheel_ledger_events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    userSeq: integer("user_seq").notNull(),
    symbol: text("symbol").notNull(),
    kind: text("kind").notNull(),
    tradeDate: text("trade_date").notNull(),
    corrects: text("corrects"),
    event: text("event", { mode: "json" }).$type<LedgerEvent>().notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** The source row's key of an imported event (migration 0020, decision 272); null when recorded by hand. */
    importKey: text("import_key"),
  },
  (t) => [
    uniqueIndex("wheel_ledger_events_user_seq_unique").on(t.userId, t.userSeq),
    uniqueIndex("wheel_ledger_events_corrects_unique").on(t.userId, t.corrects),
    uniqueIndex("wheel_ledger_events_import_key_unique")
      .on(t.userId, t.importKey)
      .where(sql`${t.importKey} IS NOT NULL`),
  ],
);

/**
 * The wheel ledger's expiry proposals (decision 281, migration 0023): what the official close says happened to a
 * short option still open past its expiration, for the user to confirm or dismiss. `event` is the proposed ledger
 * event's input (JSON); one row per user and option (`option_key` as the engine keys options, with the symbol).
 */
export const wheelLedgerProposals = sqliteTable(
  "wheel_ledger_proposals",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    optionKey: text("option_key").notNull(),
    event: text("event").notNull(),
    settlement: real("settlement").notNull(),
    pin: integer("pin", { mode: "boolean" }).notNull(),
    status: text("status", { enum: ["pending", "confirmed", "dismissed"] })
      .notNull()
      .default("pending"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("wheel_ledger_proposals_user_option_unique").on(t.userId, t.optionKey)],
);

/** A column mapping the user confirmed for a ledger import, per header signature (migration 0020). */
export const ledgerImportMappings = sqliteTable(
  "ledger_import_mappings",
  {
    userId: text("user_id").notNull(),
    signature: text("signature").notNull(),
    mapping: text("mapping", { mode: "json" }).$type<ColumnMapping>().notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.signature] })],
);

// ---------------------------------------------------------------- positions
/** A position event's kind (decision 333): the spread position ledger's events. */
export type OptionPositionEventKind = "open" | "close" | "roll" | "expire" | "assign" | "void";

/**
 * A user's spread position events, append-only (migration 0026, decision 333): as the wheel ledger's, a correction
 * names the event it corrects and `user_seq` makes a stale write collide (409). `event` is the event's JSON.
 */
export const optionPositionEvents = sqliteTable(
  "option_position_events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    userSeq: integer("user_seq").notNull(),
    positionId: text("position_id").notNull(),
    kind: text("kind").$type<OptionPositionEventKind>().notNull(),
    tradeDate: text("trade_date").notNull(),
    corrects: text("corrects"),
    event: text("event", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("option_position_events_user_seq_unique").on(t.userId, t.userSeq),
    uniqueIndex("option_position_events_corrects_unique").on(t.userId, t.corrects),
    index("option_position_events_position_idx").on(t.positionId),
  ],
);

/**
 * The positions as their events leave them (a projection written in the same batch as each event): the refresh
 * reads the open ones' symbols, /positions lists them. `legs` and `settings` are JSON.
 */
export const optionPositions = sqliteTable(
  "option_positions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    symbol: text("symbol").notNull(),
    strategy: text("strategy").notNull(),
    status: text("status", { enum: ["open", "closed"] }).notNull(),
    contracts: integer("contracts").notNull(),
    legs: text("legs", { mode: "json" }).$type<unknown[]>().notNull(),
    /** Net credit per share at the user's fill. */
    openCredit: real("open_credit").notNull(),
    openedOn: text("opened_on").notNull(),
    /** The latest leg's expiration, 'YYYY-MM-DD'. */
    expiration: text("expiration").notNull(),
    closedOn: text("closed_on"),
    /** Net debit per share paid to close (0 when expired worthless), null while open. */
    closeDebit: real("close_debit"),
    /** The published idea it was taken from (its track-record trade id), if any. */
    tradeId: text("trade_id"),
    settings: text("settings", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("option_positions_user_status_idx").on(t.userId, t.status),
    index("option_positions_status_symbol_idx").on(t.status, t.symbol),
  ],
);

/** One closing mark per position per New York session (JSON numbers); kept 400 days, intraday marks not stored. */
export const optionPositionMarks = sqliteTable(
  "option_position_marks",
  {
    positionId: text("position_id")
      .notNull()
      .references(() => optionPositions.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    mark: text("mark", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.positionId, t.date] }),
    index("option_position_marks_date_idx").on(t.date),
  ],
);

/** A position's alert state (armed flags, last firing), written only when it changes. */
export const optionPositionAlertState = sqliteTable("option_position_alert_state", {
  positionId: text("position_id")
    .primaryKey()
    .references(() => optionPositions.id, { onDelete: "cascade" }),
  state: text("state", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

// ---------------------------------------------------------------- push
/** A browser's Web Push subscription (migration 0027, decision 336): the endpoint unique, the keys base64url. */
export const pushDevices = sqliteTable(
  "push_devices",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What the user sees: "Chrome on Android, added Dec 1". */
    name: text("name").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastSuccessAt: integer("last_success_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("push_devices_endpoint_unique").on(t.endpoint),
    index("push_devices_user_idx").on(t.userId),
  ],
);

/** One push to one device (migration 0028, decision 337): delivered at once, retried by the cron's drain. */
export const pushOutbox = sqliteTable(
  "push_outbox",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    deviceId: text("device_id")
      .notNull()
      .references(() => pushDevices.id, { onDelete: "cascade" }),
    /** The history rows this push delivers (JSON ids): a row sent by no email takes its status from its pushes. */
    historyIds: text("history_ids", { mode: "json" }).$type<string[]>().notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    urgency: text("urgency", { enum: ["very-low", "low", "normal", "high"] }).notNull(),
    ttlSeconds: integer("ttl_seconds").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed", "gone"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** The push service's last answer (0: no answer). */
    lastStatus: integer("last_status"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("push_outbox_status_next_idx").on(t.status, t.nextAttemptAt),
    index("push_outbox_created_idx").on(t.createdAt),
  ],
);

/** The cash a trader states for their book (migration 0029, decision 341); null once cleared. */
export const positionsBook = sqliteTable("positions_book", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  statedCash: real("stated_cash"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});
