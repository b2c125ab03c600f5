// The Preferences tab's sections other than the thresholds (thresholds.tsx): the master switch, channels and
// timing, frequency, events and the test email.
import { useState } from "react";
import {
  EVENT_KEYS,
  EVENT_LABELS,
  NOTIFICATION_MESSAGES,
  TEST_SENT_MESSAGE_MS,
  TIMING_OPTIONS,
  WEEKDAYS,
  type NotificationPreferences,
} from "#app/lib/notifications.ts";
import { useToast } from "#app/components/shell/Toaster.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { controlClass } from "#app/components/ui/Field.tsx";
import { card, EliteOnly, sectionHeading, Switch } from "#app/components/notifications/controls.tsx";
import { notificationsApi } from "#app/components/notifications/notifications-api.ts";

/** The preference groups a section changes one field of at a time. */
export type PreferenceGroup = "channels" | "timing" | "frequency" | "events" | "delivery";
/** Saves a change of one group's fields (the patch, and the preferences as they will be). */
export type UpdateGroup = <G extends PreferenceGroup>(
  group: G,
  value: Partial<NotificationPreferences[G]>,
) => void;

type SectionProps = { prefs: NotificationPreferences; update: UpdateGroup; customTiming: boolean };

export function MasterSwitchSection({
  enabled,
  toggle,
}: {
  enabled: boolean;
  toggle: (enabled: boolean) => Promise<boolean>;
}) {
  return (
    <section className={`${card} flex items-center justify-between gap-4`}>
      <div>
        <p className={sectionHeading}>Notifications</p>
        <p className="text-sm text-slate-400">
          {enabled ? "On: alerts are sent for your watchlist." : "Off: no alert emails are sent."}
        </p>
      </div>
      <Switch
        checked={enabled}
        onChange={(v) => void toggle(v)}
        label="Enable notifications"
        testId="master-switch"
      />
    </section>
  );
}

function TimingOptions() {
  return TIMING_OPTIONS.map((d) => (
    <option key={d} value={d}>
      {d === 0 ? "Same day" : `${d} day${d === 1 ? "" : "s"} before`}
    </option>
  ));
}

export function ChannelsSection({ prefs, update, customTiming }: SectionProps) {
  return (
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
              onChange={(v) => update("channels", { email: v })}
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
              onChange={(e) => update("timing", { email: Number(e.target.value) })}
              className={controlClass}
            >
              <TimingOptions />
            </select>
          </label>
        </div>
        {!customTiming ? <EliteOnly /> : null}
        {(["sms", "whatsapp"] as const).map((c) => (
          <div key={c} className="flex flex-wrap items-center justify-between gap-3 opacity-60">
            <span className="flex items-center gap-3">
              <Switch checked={false} onChange={() => {}} disabled label={c === "sms" ? "SMS" : "WhatsApp"} />
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
              <TimingOptions />
            </select>
          </div>
        ))}
      </div>
    </section>
  );
}

const FREQUENCY_TEXT = { realtime: "Real-time", daily: "Daily digest", weekly: "Weekly digest" } as const;

export function FrequencySection({ prefs, update, customTiming }: SectionProps) {
  const { frequency } = prefs;
  return (
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
            aria-checked={frequency.type === f}
            onClick={() => update("frequency", { type: f })}
            className={`rounded-lg border px-4 py-1.5 text-sm ${frequency.type === f ? "border-brand-500 bg-brand-500/15 text-white" : "border-ink-600 text-slate-300 hover:border-slate-400"}`}
          >
            {FREQUENCY_TEXT[f]}
          </button>
        ))}
      </div>
      {frequency.type === "realtime" ? (
        <p className="mt-2 text-xs text-slate-400">Checked every 15 minutes; each event is emailed once.</p>
      ) : null}
      {frequency.type === "daily" ? (
        <div className="mt-3">
          <label className="flex items-center gap-2 text-sm text-slate-300">
            Send at
            <input
              type="time"
              aria-label="Daily time"
              value={frequency.dailyTime}
              disabled={!customTiming}
              onChange={(e) => {
                const v = e.target.value;
                if (/^\d\d:\d\d$/.test(v)) update("frequency", { dailyTime: v });
              }}
              className={controlClass}
            />
            <span className="text-xs text-slate-500">{prefs.timeZone}</span>
          </label>
          {!customTiming ? <EliteOnly /> : null}
        </div>
      ) : null}
      {frequency.type === "weekly" ? (
        <div className="mt-3">
          <label className="flex items-center gap-2 text-sm text-slate-300">
            Send on
            <select
              aria-label="Weekly day"
              value={frequency.weeklyDay}
              disabled={!customTiming}
              onChange={(e) => update("frequency", { weeklyDay: Number(e.target.value) })}
              className={controlClass}
            >
              {WEEKDAYS.map((d, i) => (
                <option key={d} value={i}>
                  {d}
                </option>
              ))}
            </select>
            <span className="text-xs text-slate-500">
              at {frequency.dailyTime} {prefs.timeZone}
            </span>
          </label>
          {!customTiming ? <EliteOnly /> : null}
        </div>
      ) : null}
    </section>
  );
}

export function EventsSection({ prefs, update }: Omit<SectionProps, "customTiming">) {
  return (
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
              onChange={(v) => update("events", { [k]: v })}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TestEmailSection() {
  const toast = useToast();
  const [testState, setTestState] = useState<"idle" | "sending" | "sent">("idle");
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
  );
}
