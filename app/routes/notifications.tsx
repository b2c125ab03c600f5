import { callApi, type ApiCallInit } from "../lib/api-client";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/notifications";
import { useToast } from "../components/shell/Toaster";
import { PageHeading } from "../components/ui/PageHeading";
import { trapTabKey } from "../components/ui/dialog-focus";
import {
  defaultPreferences,
  EVENT_KEYS,
  EVENT_LABELS,
  HISTORY_LIMIT,
  historyStatusStyle,
  IMPACT_LEVELS,
  NOTIFICATION_MESSAGES,
  settingsFailureMessage,
  RANGES,
  TEST_SENT_MESSAGE_MS,
  TIMING_OPTIONS,
  WEEKDAYS,
  type NotificationHistoryItem,
  type NotificationPreferences,
} from "../lib/notifications";
import { REFUSAL_MESSAGES } from "../lib/entitlements";
import { requireSession } from "../server/auth/session.server";
import { entitlementOf } from "../server/entitlements.server";
import { listHistory } from "../server/notifications/history.server";
import { readPreferences } from "../server/notifications/preferences.server";
import { originFromMatches, pageMeta } from "../lib/seo";
import { cloudflareContext } from "../server/request-context.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Notification Settings · Wheelhouse",
    description: "Choose which market events Wheelhouse emails you about, when, and how often.",
    path: "/notifications",
    origin: originFromMatches(matches),
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const { user } = await requireSession(env, request);
  const { plan, allowed } = entitlementOf(user, "notifications");
  if (!allowed) return { premiumRequired: true as const, currentTier: plan };
  const customTiming = entitlementOf(user, "notificationCustomTiming").allowed;
  try {
    const [preferences, history] = await Promise.all([
      readPreferences(env, user.id),
      listHistory(env, user.id, HISTORY_LIMIT.screen),
    ]);
    return {
      premiumRequired: false as const,
      plan,
      customTiming,
      preferences,
      history,
      loadError: null,
    };
  } catch (error) {
    // Spec: when the load fails the defaults are used (and the user is told).
    console.error("notifications: load failed", error);
    return {
      premiumRequired: false as const,
      plan,
      customTiming,
      preferences: defaultPreferences(),
      history: [] as NotificationHistoryItem[],
      loadError: NOTIFICATION_MESSAGES.loadFailed,
    };
  }
}

type Loaded = Exclude<Route.ComponentProps["loaderData"], { premiumRequired: true }>;

export default function NotificationsScreen({ loaderData }: Route.ComponentProps) {
  if (loaderData.premiumRequired) return <UpgradeScreen currentTier={loaderData.currentTier} />;
  return <Settings data={loaderData} />;
}

function UpgradeScreen({ currentTier }: { currentTier: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <PageHeading title="Notification Settings" />
      <section
        className="mt-6 rounded-2xl border border-brand-500/30 bg-ink-900 p-6 text-center"
        data-testid="upgrade-screen"
      >
        <p className="text-sm text-slate-400">
          Your current plan: <span className="font-semibold text-white">{currentTier}</span>
        </p>
        <h2 className="mt-3 text-xl font-bold text-white">Get market-event alerts by email</h2>
        <p className="mt-2 text-slate-300">
          Earnings, ex-dividend dates, RSI and sentiment thresholds, big moves and economic releases for your
          watchlist, sent when they matter.
        </p>
        <p className="mt-4 text-3xl font-bold text-white">
          Pro <span className="text-brand-400">$5/month</span>
        </p>
        <p className="mt-1 text-sm text-slate-400">30-day money-back guarantee</p>
        <Link
          to="/pricing?highlight=notifications"
          className="mt-6 inline-block rounded-lg bg-brand-500 px-5 py-2.5 font-semibold text-ink-950 hover:bg-brand-400"
        >
          Upgrade to Pro
        </Link>
      </section>
    </div>
  );
}

// ---------------------------------------------------------------- API calls (spec 001 §7)
type ApiBody<T> = { success: boolean; data?: T; error?: string; requiresUpgrade?: boolean };

async function api<T>(
  what: "preferences" | "update" | "history" | "toggle" | "test",
  path: string,
  init: ApiCallInit = {},
): Promise<
  | { ok: true; data: T }
  /** `serverError`: the error text the server sent, when it sent one. */
  | { ok: false; message: string; serverError: string | null; requiresUpgrade: boolean }
> {
  const answer = await callApi<ApiBody<T>>(path, init, (_status, statusText) =>
    NOTIFICATION_MESSAGES.fetchFailed(what, statusText),
  );
  if (answer.ok && answer.body.success) return { ok: true, data: answer.body.data as T };
  const body = answer.ok ? answer.body : (answer.body as ApiBody<T> | null);
  const serverError = typeof body?.error === "string" ? body.error : null;
  return {
    ok: false,
    message: answer.ok
      ? (serverError ?? NOTIFICATION_MESSAGES.fetchFailed(what, String(answer.status)))
      : answer.message,
    serverError,
    requiresUpgrade: Boolean(body?.requiresUpgrade),
  };
}

type Patch = Record<string, unknown>;

function Settings({ data }: { data: Loaded }) {
  const toast = useToast();
  const [prefs, setPrefs] = useState<NotificationPreferences>(data.preferences);
  const [tab, setTab] = useState<"preferences" | "history">("preferences");
  const [saving, setSaving] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const confirmUnsubscribe = searchParams.get("unsubscribe") === "true";

  useEffect(() => {
    if (data.loadError) toast({ message: data.loadError, kind: "error", durationMs: 5000 });
  }, [data.loadError, toast]);

  const save = useCallback(
    async (patch: Patch, optimistic: NotificationPreferences) => {
      const previous = prefs;
      setPrefs(optimistic);
      setSaving(true);
      const result = await api<NotificationPreferences>("update", "/api/notifications/preferences", {
        method: "PUT",
        body: patch,
      });
      setSaving(false);
      if (result.ok) setPrefs(result.data);
      else {
        setPrefs(previous);
        toast({
          message: settingsFailureMessage("save", result.serverError),
          kind: "error",
          durationMs: 5000,
        });
      }
    },
    [prefs, toast],
  );

  // The user's time zone comes from the browser; digests follow it (DST included).
  const zoneSent = useRef(false);
  useEffect(() => {
    if (zoneSent.current || data.loadError) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && zone !== prefs.timeZone) {
      zoneSent.current = true;
      void save({ timeZone: zone }, { ...prefs, timeZone: zone });
    }
  }, [prefs, save, data.loadError]);

  const toggle = async (enabled: boolean) => {
    const previous = prefs;
    setPrefs({ ...prefs, enabled });
    const result = await api<NotificationPreferences>("toggle", "/api/notifications/toggle", {
      method: "POST",
      body: { enabled },
    });
    if (result.ok) setPrefs(result.data);
    else {
      setPrefs(previous);
      toast({
        message: settingsFailureMessage("toggle", result.serverError),
        kind: "error",
        durationMs: 5000,
      });
    }
    return result.ok;
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeading
        title="Notification Settings"
        subtitle="Email alerts for market events on your watchlist"
      />
      {data.loadError ? (
        <p
          className="mt-4 rounded-lg border border-red-500/30 bg-red-500/10 px-3 py-2 text-sm text-red-300"
          role="alert"
        >
          {data.loadError}. Showing the default settings.
        </p>
      ) : null}
      <div className="mt-6 flex gap-2 border-b border-ink-700" role="tablist">
        {(["preferences", "history"] as const).map((t) => (
          <button
            key={t}
            role="tab"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${tab === t ? "border-brand-400 text-white" : "border-transparent text-slate-400 hover:text-white"}`}
          >
            {t === "preferences" ? "Preferences" : "History"}
          </button>
        ))}
      </div>
      {tab === "preferences" ? (
        <PreferencesTab
          prefs={prefs}
          save={save}
          toggle={toggle}
          customTiming={data.customTiming}
          plan={data.plan}
          saving={saving}
        />
      ) : (
        <HistoryTab initial={data.history} />
      )}
      {confirmUnsubscribe ? (
        <ConfirmDialog
          onCancel={() => setSearchParams({}, { replace: true })}
          onConfirm={async () => {
            if (await toggle(false)) {
              toast({ message: NOTIFICATION_MESSAGES.unsubscribed, kind: "success", durationMs: 3000 });
              setSearchParams({}, { replace: true });
            }
          }}
        />
      ) : null}
    </div>
  );
}

function ConfirmDialog({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: () => void }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 px-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="unsub-title"
        onKeyDown={(e) => {
          if (e.key === "Escape") onCancel();
          else trapTabKey(e);
        }}
        className="w-full max-w-sm rounded-2xl border border-ink-700 bg-ink-900 p-6"
      >
        <h2 id="unsub-title" className="text-lg font-bold text-white">
          Unsubscribe from notifications
        </h2>
        <p className="mt-2 text-sm text-slate-300">{NOTIFICATION_MESSAGES.unsubscribeConfirm}</p>
        <div className="mt-5 flex justify-end gap-2">
          <button
            onClick={onCancel}
            autoFocus
            className="rounded-lg border border-ink-600 px-4 py-2 text-sm text-white hover:bg-ink-800"
          >
            Cancel
          </button>
          <button
            onClick={onConfirm}
            className="rounded-lg bg-red-500 px-4 py-2 text-sm font-semibold text-white hover:bg-red-400"
          >
            Turn off notifications
          </button>
        </div>
      </div>
    </div>
  );
}

// ---------------------------------------------------------------- preferences tab
const card = "rounded-xl border border-ink-700 bg-ink-900 p-4 sm:p-5";
const label = "text-sm font-semibold text-white";
const input =
  "rounded-lg border border-ink-600 bg-ink-850 px-3 py-1.5 text-white focus:border-brand-500 focus:outline-none disabled:cursor-not-allowed disabled:opacity-50";

function Switch({
  checked,
  onChange,
  label: text,
  disabled,
  testId,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={text}
      disabled={disabled}
      data-testid={testId}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition disabled:opacity-50 ${checked ? "bg-brand-500" : "bg-ink-600"}`}
    >
      <span
        className={`inline-block h-5 w-5 rounded-full bg-white transition ${checked ? "translate-x-5" : "translate-x-0.5"}`}
      />
    </button>
  );
}

function EliteOnly() {
  return (
    <p className="mt-1 text-xs text-amber-300">
      {REFUSAL_MESSAGES.notificationCustomTiming}.{" "}
      <Link to="/pricing?highlight=notifications" className="underline hover:text-amber-200">
        Upgrade to Elite
      </Link>
    </p>
  );
}

/** One threshold's fieldset: its on/off switch in the legend, its number fields below. */
function ThresholdGroup({
  title,
  switchLabel,
  enabled,
  onToggle,
  children,
}: {
  title: string;
  switchLabel: string;
  enabled: boolean;
  onToggle: (enabled: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="flex items-center gap-2 text-sm text-white">
        <Switch checked={enabled} label={switchLabel} onChange={onToggle} /> {title}
      </legend>
      {children}
    </fieldset>
  );
}

function NumberField({
  id,
  text,
  value,
  range,
  disabled,
  suffix,
  onCommit,
}: {
  id: string;
  text: string;
  value: number;
  range: { min: number; max: number; step: number };
  disabled?: boolean;
  suffix?: string;
  onCommit: (v: number) => void;
}) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const n = Number(draft);
  const valid =
    draft.trim() !== "" &&
    Number.isFinite(n) &&
    n >= range.min &&
    n <= range.max &&
    Math.abs(n / range.step - Math.round(n / range.step)) < 1e-9;
  const commit = () => {
    if (valid && n !== value) onCommit(n);
    if (!valid) setDraft(String(value));
  };
  return (
    <label htmlFor={id} className="flex flex-col gap-1 text-sm text-slate-300">
      {text}
      <span className="flex items-center gap-2">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={range.min}
          max={range.max}
          step={range.step}
          value={draft}
          disabled={disabled}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => e.key === "Enter" && commit()}
          aria-invalid={!valid}
          className={`${input} w-24`}
        />
        {suffix ? <span className="text-slate-400">{suffix}</span> : null}
      </span>
      {!valid ? (
        <span className="text-xs text-red-400">
          {range.min} to {range.max}, step {range.step}
        </span>
      ) : null}
    </label>
  );
}

function PreferencesTab({
  prefs,
  save,
  toggle,
  customTiming,
  plan,
  saving,
}: {
  prefs: NotificationPreferences;
  save: (patch: Patch, optimistic: NotificationPreferences) => Promise<void>;
  toggle: (enabled: boolean) => Promise<boolean>;
  customTiming: boolean;
  plan: string;
  saving: boolean;
}) {
  const toast = useToast();
  const [testState, setTestState] = useState<"idle" | "sending" | "sent">("idle");
  const th = prefs.thresholds;
  const setThreshold = <K extends keyof NotificationPreferences["thresholds"]>(
    key: K,
    value: Partial<NotificationPreferences["thresholds"][K]>,
  ) =>
    save(
      { thresholds: { [key]: value } },
      { ...prefs, thresholds: { ...th, [key]: { ...th[key], ...value } } },
    );

  const sendTest = async () => {
    setTestState("sending");
    const result = await api<{ status: string }>("test", "/api/notifications/test", {
      method: "POST",
      body: {},
    });
    if (result.ok) {
      setTestState("sent");
      setTimeout(() => setTestState("idle"), TEST_SENT_MESSAGE_MS);
    } else {
      setTestState("idle");
      toast({
        message: result.message.startsWith(NOTIFICATION_MESSAGES.testFailed)
          ? result.message
          : NOTIFICATION_MESSAGES.testFailed,
        kind: "error",
        durationMs: 5000,
      });
    }
  };

  return (
    <div className="mt-6 space-y-4" data-testid="preferences-tab">
      <section className={`${card} flex items-center justify-between gap-4`}>
        <div>
          <p className={label}>Notifications</p>
          <p className="text-sm text-slate-400">
            {prefs.enabled ? "On: alerts are sent for your watchlist." : "Off: no alert emails are sent."}
          </p>
        </div>
        <Switch
          checked={prefs.enabled}
          onChange={(v) => void toggle(v)}
          label="Enable notifications"
          testId="master-switch"
        />
      </section>

      {prefs.enabled ? (
        <>
          <section className={card} aria-labelledby="channels-h">
            <h2 id="channels-h" className={label}>
              Channels and timing
            </h2>
            <p className="text-xs text-slate-400">
              Days before an event (earnings, dividends, splits) that you hear about it.
            </p>
            <div className="mt-3 space-y-3">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <span className="flex items-center gap-3">
                  <Switch
                    checked={prefs.channels.email}
                    onChange={(v) =>
                      void save(
                        { channels: { email: v } },
                        { ...prefs, channels: { ...prefs.channels, email: v } },
                      )
                    }
                    label="Email"
                  />
                  <span className="text-white">Email</span>
                </span>
                <label className="flex items-center gap-2 text-sm text-slate-300">
                  Timing
                  <select
                    value={prefs.timing.email}
                    disabled={!customTiming}
                    aria-label="Email timing"
                    onChange={(e) => {
                      const v = Number(e.target.value);
                      void save(
                        { timing: { email: v } },
                        { ...prefs, timing: { ...prefs.timing, email: v } },
                      );
                    }}
                    className={input}
                  >
                    {TIMING_OPTIONS.map((d) => (
                      <option key={d} value={d}>
                        {d === 0 ? "Same day" : `${d} day${d === 1 ? "" : "s"} before`}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              {!customTiming ? <EliteOnly /> : null}
              {(["sms", "whatsapp"] as const).map((c) => (
                <div key={c} className="flex flex-wrap items-center justify-between gap-3 opacity-60">
                  <span className="flex items-center gap-3">
                    <Switch
                      checked={false}
                      onChange={() => {}}
                      disabled
                      label={c === "sms" ? "SMS" : "WhatsApp"}
                    />
                    <span className="text-white">{c === "sms" ? "SMS" : "WhatsApp"}</span>
                    <span className="rounded-full border border-amber-400/40 px-2 py-0.5 text-xs text-amber-300">
                      Coming Soon
                    </span>
                  </span>
                  <select
                    disabled
                    value={prefs.timing[c]}
                    aria-label={`${c} timing`}
                    className={input}
                    onChange={() => {}}
                  >
                    {TIMING_OPTIONS.map((d) => (
                      <option key={d} value={d}>
                        {d === 0 ? "Same day" : `${d} day${d === 1 ? "" : "s"} before`}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
          </section>

          <section className={card} aria-labelledby="freq-h">
            <h2 id="freq-h" className={label}>
              Frequency
            </h2>
            <div className="mt-3 flex flex-wrap gap-2" role="radiogroup" aria-label="Frequency">
              {(["realtime", "daily", "weekly"] as const).map((f) => (
                <button
                  key={f}
                  type="button"
                  role="radio"
                  aria-checked={prefs.frequency.type === f}
                  onClick={() =>
                    void save(
                      { frequency: { type: f } },
                      { ...prefs, frequency: { ...prefs.frequency, type: f } },
                    )
                  }
                  className={`rounded-lg border px-4 py-1.5 text-sm ${prefs.frequency.type === f ? "border-brand-500 bg-brand-500/15 text-white" : "border-ink-600 text-slate-300 hover:border-slate-400"}`}
                >
                  {f === "realtime" ? "Real-time" : f === "daily" ? "Daily digest" : "Weekly digest"}
                </button>
              ))}
            </div>
            {prefs.frequency.type === "realtime" ? (
              <p className="mt-2 text-xs text-slate-400">
                Checked every 15 minutes; each event is emailed once.
              </p>
            ) : null}
            {prefs.frequency.type === "daily" ? (
              <div className="mt-3">
                <label className="flex items-center gap-2 text-sm text-slate-300">
                  Send at
                  <input
                    type="time"
                    aria-label="Daily time"
                    value={prefs.frequency.dailyTime}
                    disabled={!customTiming}
                    onChange={(e) => {
                      const v = e.target.value;
                      if (/^\d\d:\d\d$/.test(v))
                        void save(
                          { frequency: { dailyTime: v } },
                          { ...prefs, frequency: { ...prefs.frequency, dailyTime: v } },
                        );
                    }}
                    className={input}
                  />
                  <span className="text-xs text-slate-500">{prefs.timeZone}</span>
                </label>
                {!customTiming ? <EliteOnly /> : null}
              </div>
            ) : null}
            {prefs.frequency.type === "weekly" ? (
              <div className="mt-3">
                <label className="flex items-center gap-2 text-sm text-slate-300">
                  Send on
                  <select
                    aria-label="Weekly day"
                    value={prefs.frequency.weeklyDay}
                    disabled={!customTiming}
                    onChange={(e) => {
                      const v = Number(e.target.value);
                      void save(
                        { frequency: { weeklyDay: v } },
                        { ...prefs, frequency: { ...prefs.frequency, weeklyDay: v } },
                      );
                    }}
                    className={input}
                  >
                    {WEEKDAYS.map((d, i) => (
                      <option key={d} value={i}>
                        {d}
                      </option>
                    ))}
                  </select>
                  <span className="text-xs text-slate-500">
                    at {prefs.frequency.dailyTime} {prefs.timeZone}
                  </span>
                </label>
                {!customTiming ? <EliteOnly /> : null}
              </div>
            ) : null}
          </section>

          <section className={card} aria-labelledby="events-h">
            <h2 id="events-h" className={label}>
              Events
            </h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              {EVENT_KEYS.map((k) => (
                <li key={k} className="flex items-start justify-between gap-3">
                  <span>
                    <span className="block text-sm text-white">{EVENT_LABELS[k].label}</span>
                    <span className="block text-xs text-slate-400">{EVENT_LABELS[k].hint}</span>
                  </span>
                  <Switch
                    checked={prefs.events[k]}
                    label={EVENT_LABELS[k].label}
                    testId={`event-${k}`}
                    onChange={(v) =>
                      void save({ events: { [k]: v } }, { ...prefs, events: { ...prefs.events, [k]: v } })
                    }
                  />
                </li>
              ))}
            </ul>
          </section>

          <section className={card} aria-labelledby="thresholds-h">
            <h2 id="thresholds-h" className={label}>
              Thresholds
            </h2>
            <div className="mt-3 grid gap-5 sm:grid-cols-2">
              <ThresholdGroup
                title="RSI"
                switchLabel="RSI thresholds"
                enabled={th.rsi.enabled}
                onToggle={(v) => void setThreshold("rsi", { enabled: v })}
              >
                <div className="flex gap-3">
                  <NumberField
                    id="rsi-ob"
                    text="Overbought"
                    value={th.rsi.overbought}
                    range={RANGES.rsiOverbought}
                    disabled={!th.rsi.enabled}
                    onCommit={(v) => void setThreshold("rsi", { overbought: v })}
                  />
                  <NumberField
                    id="rsi-os"
                    text="Oversold"
                    value={th.rsi.oversold}
                    range={RANGES.rsiOversold}
                    disabled={!th.rsi.enabled}
                    onCommit={(v) => void setThreshold("rsi", { oversold: v })}
                  />
                </div>
              </ThresholdGroup>
              <ThresholdGroup
                title="Sentiment"
                switchLabel="Sentiment thresholds"
                enabled={th.sentiment.enabled}
                onToggle={(v) => void setThreshold("sentiment", { enabled: v })}
              >
                <div className="flex gap-3">
                  <NumberField
                    id="sent-pos"
                    text="Positive"
                    suffix="%"
                    value={th.sentiment.positiveThreshold}
                    range={RANGES.sentiment}
                    disabled={!th.sentiment.enabled}
                    onCommit={(v) => void setThreshold("sentiment", { positiveThreshold: v })}
                  />
                  <NumberField
                    id="sent-neg"
                    text="Negative"
                    suffix="%"
                    value={th.sentiment.negativeThreshold}
                    range={RANGES.sentiment}
                    disabled={!th.sentiment.enabled}
                    onCommit={(v) => void setThreshold("sentiment", { negativeThreshold: v })}
                  />
                </div>
              </ThresholdGroup>
              <ThresholdGroup
                title="Volatility"
                switchLabel="Volatility threshold"
                enabled={th.volatility.enabled}
                onToggle={(v) => void setThreshold("volatility", { enabled: v })}
              >
                <NumberField
                  id="vol"
                  text="Daily move of at least"
                  suffix="%"
                  value={th.volatility.percentageChange}
                  range={RANGES.volatility}
                  disabled={!th.volatility.enabled}
                  onCommit={(v) => void setThreshold("volatility", { percentageChange: v })}
                />
              </ThresholdGroup>
              <fieldset className="space-y-2">
                <legend className="text-sm text-white">Economic events</legend>
                <div className="flex flex-wrap gap-3">
                  <label className="flex flex-col gap-1 text-sm text-slate-300">
                    Impact level
                    <select
                      aria-label="Impact level"
                      value={th.economicEvents.impactLevel}
                      onChange={(e) =>
                        void setThreshold("economicEvents", {
                          impactLevel: e.target.value as (typeof IMPACT_LEVELS)[number],
                        })
                      }
                      className={input}
                    >
                      {IMPACT_LEVELS.map((l) => (
                        <option key={l} value={l}>
                          {l === "all" ? "All" : l === "medium" ? "Medium and high" : "High only"}
                        </option>
                      ))}
                    </select>
                  </label>
                  <NumberField
                    id="econ-days"
                    text="Days ahead"
                    value={th.economicEvents.daysAhead}
                    range={RANGES.economicDaysAhead}
                    onCommit={(v) => void setThreshold("economicEvents", { daysAhead: v })}
                  />
                </div>
              </fieldset>
            </div>
          </section>
        </>
      ) : null}

      <section className={`${card} flex flex-wrap items-center justify-between gap-3`}>
        <div>
          <p className={label}>Test email</p>
          <p className="text-sm text-slate-400">Sends one email to your account address.</p>
        </div>
        <div className="flex items-center gap-3">
          {testState === "sent" ? (
            <span role="status" className="text-sm text-emerald-300" data-testid="test-sent">
              {NOTIFICATION_MESSAGES.testSent}
            </span>
          ) : null}
          <button
            type="button"
            onClick={() => void sendTest()}
            disabled={testState === "sending"}
            className="rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-ink-950 hover:bg-brand-400 disabled:opacity-60"
          >
            {testState === "sending" ? "Sending..." : "Send Test Email"}
          </button>
        </div>
      </section>
      <p className="text-xs text-slate-500">
        {plan}. Times follow your time zone ({prefs.timeZone}). Alerts use the market data shown on your
        watchlist, with its source and time in every email.{saving ? " Saving..." : ""}
      </p>
    </div>
  );
}

// ---------------------------------------------------------------- history tab
const STATUS_STYLES = {
  sent: "border-emerald-500/40 bg-emerald-500/10 text-emerald-300",
  failed: "border-red-500/40 bg-red-500/10 text-red-300",
  pending: "border-amber-500/40 bg-amber-500/10 text-amber-300",
} as const;

function HistoryTab({ initial }: { initial: NotificationHistoryItem[] }) {
  const [items, setItems] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void api<NotificationHistoryItem[]>(
      "history",
      `/api/notifications/history?limit=${HISTORY_LIMIT.screen}`,
    ).then((r) => {
      if (!live) return;
      if (r.ok) setItems(r.data);
      else setError(r.message);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="mt-6 space-y-3" data-testid="history-tab">
      {error ? (
        <p className="text-sm text-red-400" role="alert">
          {error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink-600 p-8 text-center text-slate-400">
          No notifications yet. Alerts for your watchlist will appear here.
        </p>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => {
            const style = historyStatusStyle(item.status);
            return (
              <li key={item.id} className={card} data-testid="history-item">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="font-semibold text-white">{item.title}</p>
                  <span
                    className={`rounded-full border px-2 py-0.5 text-xs capitalize ${STATUS_STYLES[style]}`}
                    data-status={style}
                  >
                    {style}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-300">{item.message}</p>
                <p className="mt-2 text-xs text-slate-500">
                  {item.symbol ? `${item.symbol} · ` : ""}
                  {item.eventDate ? `Event ${item.eventDate} · ` : ""}
                  {item.sentAt
                    ? `Sent ${new Date(item.sentAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}`
                    : "Not sent yet"}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
