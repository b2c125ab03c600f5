// The Preferences tab: master switch, channels and timing, frequency, events, thresholds and the test email.
import { useState } from "react";
import {
  EVENT_KEYS,
  EVENT_LABELS,
  IMPACT_LEVELS,
  NOTIFICATION_MESSAGES,
  RANGES,
  TEST_SENT_MESSAGE_MS,
  TIMING_OPTIONS,
  WEEKDAYS,
  type NotificationPreferences,
} from "#app/lib/notifications.ts";
import { useToast } from "#app/components/shell/Toaster.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { controlClass } from "#app/components/ui/Field.tsx";
import {
  card,
  EliteOnly,
  NumberField,
  sectionHeading,
  Switch,
  ThresholdGroup,
} from "#app/components/notifications/controls.tsx";
import { notificationsApi, type PreferencesPatch } from "#app/components/notifications/notifications-api.ts";

export function PreferencesTab({
  prefs,
  save,
  toggle,
  customTiming,
  plan,
}: {
  prefs: NotificationPreferences;
  save: (patch: PreferencesPatch, optimistic: NotificationPreferences) => Promise<void>;
  toggle: (enabled: boolean) => Promise<boolean>;
  customTiming: boolean;
  plan: string;
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
    const result = await notificationsApi<{ status: string }>("test", "/api/notifications/test", {
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
          <p className={sectionHeading}>Notifications</p>
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
            <h2 id="channels-h" className={sectionHeading}>
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
                    className={controlClass}
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
                    className={controlClass}
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
            <h2 id="freq-h" className={sectionHeading}>
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
                    className={controlClass}
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
                    className={controlClass}
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
            <h2 id="events-h" className={sectionHeading}>
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
            <h2 id="thresholds-h" className={sectionHeading}>
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
                      className={controlClass}
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
          <p className={sectionHeading}>Test email</p>
          <p className="text-sm text-slate-400">Sends one email to your account address.</p>
        </div>
        <div className="flex items-center gap-3">
          {testState === "sent" ? (
            <span role="status" className="text-sm text-emerald-300" data-testid="test-sent">
              {NOTIFICATION_MESSAGES.testSent}
            </span>
          ) : null}
          <Button onClick={() => void sendTest()} disabled={testState === "sending"}>
            {testState === "sending" ? "Sending..." : "Send Test Email"}
          </Button>
        </div>
      </section>
      <p className="text-xs text-slate-500">
        {plan}. Times follow your time zone ({prefs.timeZone}). Alerts use the market data shown on your
        watchlist, with its source and time in every email.
      </p>
    </div>
  );
}
