// The settings screen of a plan with notifications: its state, saves (optimistic, rolled back on failure), the
// two tabs and the unsubscribe confirmation that an email's link opens.
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import {
  NOTIFICATION_MESSAGES,
  settingsFailureMessage,
  type NotificationHistoryItem,
  type NotificationPreferences,
} from "../../lib/notifications";
import { useToast } from "../shell/Toaster";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { PageHeading } from "../ui/PageHeading";
import { TabList, TabPanel, useTabIds } from "../ui/Tabs";
import { HistoryTab } from "./HistoryTab";
import { notificationsApi, type PreferencesPatch } from "./notifications-api";
import { PreferencesTab } from "./PreferencesTab";

export interface NotificationSettingsData {
  plan: string;
  customTiming: boolean;
  preferences: NotificationPreferences;
  history: NotificationHistoryItem[];
  loadError: string | null;
}

const TABS = [
  { value: "preferences", label: "Preferences" },
  { value: "history", label: "History" },
] as const;

export function NotificationSettings({ data }: { data: NotificationSettingsData }) {
  const toast = useToast();
  const [prefs, setPrefs] = useState<NotificationPreferences>(data.preferences);
  const [tab, setTab] = useState<(typeof TABS)[number]["value"]>("preferences");
  const tabIds = useTabIds();
  const [saving, setSaving] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const confirmUnsubscribe = searchParams.get("unsubscribe") === "true";

  useEffect(() => {
    if (data.loadError) toast({ message: data.loadError, kind: "error", durationMs: 5000 });
  }, [data.loadError, toast]);

  const save = useCallback(
    async (patch: PreferencesPatch, optimistic: NotificationPreferences) => {
      const previous = prefs;
      setPrefs(optimistic);
      setSaving(true);
      const result = await notificationsApi<NotificationPreferences>(
        "update",
        "/api/notifications/preferences",
        {
          method: "PUT",
          body: patch,
        },
      );
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
    const result = await notificationsApi<NotificationPreferences>("toggle", "/api/notifications/toggle", {
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
      <TabList
        label="Notification settings"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        ids={tabIds}
        className="mt-6"
      />
      <TabPanel value={tab} ids={tabIds}>
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
      </TabPanel>
      {confirmUnsubscribe ? (
        <Dialog
          title="Unsubscribe from notifications"
          size="sm"
          onClose={() => setSearchParams({}, { replace: true })}
          footer={
            <>
              <Button variant="secondary" autoFocus onClick={() => setSearchParams({}, { replace: true })}>
                Cancel
              </Button>
              <Button
                variant="danger"
                onClick={async () => {
                  if (await toggle(false)) {
                    toast({ message: NOTIFICATION_MESSAGES.unsubscribed, kind: "success", durationMs: 3000 });
                    setSearchParams({}, { replace: true });
                  }
                }}
              >
                Turn off notifications
              </Button>
            </>
          }
        >
          <p className="text-sm text-slate-300">{NOTIFICATION_MESSAGES.unsubscribeConfirm}</p>
        </Dialog>
      ) : null}
    </div>
  );
}
