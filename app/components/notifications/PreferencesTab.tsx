// The Preferences tab: master switch, channels and timing, frequency, events, thresholds and the test email.
import type { NotificationPreferences } from "#app/lib/notifications.ts";
import { ThresholdsSection } from "#app/components/notifications/thresholds.tsx";
import {
  ChannelsSection,
  EventsSection,
  FrequencySection,
  MasterSwitchSection,
  TestEmailSection,
  type UpdateGroup,
} from "#app/components/notifications/preference-sections.tsx";
import type { PreferencesPatch } from "#app/components/notifications/notifications-api.ts";
import { PushDevicesSection } from "#app/components/notifications/PushDevices.tsx";

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
  // Each change is sent as a patch of its group and shown at once (`optimistic`) until the answer comes.
  const update: UpdateGroup = (group, value) =>
    void save({ [group]: value }, { ...prefs, [group]: { ...prefs[group], ...value } });
  const th = prefs.thresholds;
  const setThreshold = (key: keyof typeof th, value: Record<string, unknown>) =>
    void save(
      { thresholds: { [key]: value } },
      { ...prefs, thresholds: { ...th, [key]: { ...th[key], ...value } } },
    );

  return (
    <div className="mt-6 space-y-4" data-testid="preferences-tab">
      <MasterSwitchSection enabled={prefs.enabled} toggle={toggle} />
      {prefs.enabled ? (
        <>
          <ChannelsSection prefs={prefs} update={update} customTiming={customTiming} />
          <PushDevicesSection prefs={prefs} update={update} />
          <FrequencySection prefs={prefs} update={update} customTiming={customTiming} />
          <EventsSection prefs={prefs} update={update} />
          <ThresholdsSection thresholds={th} onChange={setThreshold} />
        </>
      ) : null}
      <TestEmailSection />
      <p className="text-xs text-slate-500">
        {plan}. Times follow your time zone ({prefs.timeZone}). Alerts use the market data shown on your
        watchlist, with its source and time in every email.
      </p>
    </div>
  );
}
