// The settings screen of a plan with notifications: its state, saves (optimistic, rolled back on failure), the
// status line that says how the last change went, the two tabs and the unsubscribe confirmation that an email's
// link opens.
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import {
  NOTIFICATION_MESSAGES,
  SAVED_STATUS_MS,
  settingsFailureMessage,
  type NotificationHistoryItem,
  type NotificationPreferences,
} from "#app/lib/notifications.ts";
import { useToast } from "#app/components/shell/Toaster.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Dialog } from "#app/components/ui/Dialog.tsx";
import { PageHeading } from "#app/components/ui/PageHeading.tsx";
import { TabList, TabPanel, useTabIds } from "#app/components/ui/Tabs.tsx";
import { HistoryTab } from "#app/components/notifications/HistoryTab.tsx";
import { notificationsApi, type PreferencesPatch } from "#app/components/notifications/notifications-api.ts";
import { PreferencesTab } from "#app/components/notifications/PreferencesTab.tsx";

export interface NotificationSettingsData {
  plan: string;
  customTiming: boolean;
  preferences: NotificationPreferences;
  history: NotificationHistoryItem[];
  loadError: string | null;
}

/** How the last change the user made went: said in the status line (an aria-live region). */
type SaveStatus =
  { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "failed"; message: string };

const TABS = [
  { value: "preferences", label: "Preferences" },
  { value: "history", label: "History" },
] as const;

export function NotificationSettings({ data }: { data: NotificationSettingsData }) {
  const toast = useToast();
  const [prefs, setPrefs] = useState<NotificationPreferences>(data.preferences);
  const [searchParams, setSearchParams] = useSearchParams();
  // A push about alerts opens /notifications?tab=history.
  const [tab, setTab] = useState<(typeof TABS)[number]["value"]>(
    searchParams.get("tab") === "history" ? "history" : "preferences",
  );
  const tabIds = useTabIds();
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" });
  // Only the latest change speaks: an older save that answers later does not overwrite its status.
  const lastChange = useRef(0);
  const savedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(savedTimer.current), []);
  const changeStarted = useCallback(() => {
    clearTimeout(savedTimer.current);
    setStatus({ kind: "saving" });
    return ++lastChange.current;
  }, []);
  const changeDone = useCallback((change: number, failure: string | null) => {
    if (change !== lastChange.current) return;
    if (failure !== null) return setStatus({ kind: "failed", message: failure });
    setStatus({ kind: "saved" });
    savedTimer.current = setTimeout(() => setStatus({ kind: "idle" }), SAVED_STATUS_MS);
  }, []);
  const confirmUnsubscribe = searchParams.get("unsubscribe") === "true";

  useEffect(() => {
    if (data.loadError) toast({ message: data.loadError, kind: "error", durationMs: 5000 });
  }, [data.loadError, toast]);

  /** `quiet`: a save the user did not make (the browser's time zone) says nothing in the status line. */
  const save = useCallback(
    async (patch: PreferencesPatch, optimistic: NotificationPreferences, { quiet = false } = {}) => {
      const previous = prefs;
      setPrefs(optimistic);
      const change = quiet ? null : changeStarted();
      const result = await notificationsApi<NotificationPreferences>(
        "update",
        "/api/notifications/preferences",
        {
          method: "PUT",
          body: patch,
        },
      );
      const failure = result.ok ? null : settingsFailureMessage("save", result.serverError);
      if (change !== null) changeDone(change, failure);
      if (result.ok) setPrefs(result.data);
      else {
        setPrefs(previous);
        toast({ message: failure!, kind: "error", durationMs: 5000 });
      }
    },
    [prefs, toast, changeStarted, changeDone],
  );

  // The user's time zone comes from the browser; digests follow it (DST included).
  const zoneSent = useRef(false);
  useEffect(() => {
    if (zoneSent.current || data.loadError) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && zone !== prefs.timeZone) {
      zoneSent.current = true;
      void save({ timeZone: zone }, { ...prefs, timeZone: zone }, { quiet: true });
    }
  }, [prefs, save, data.loadError]);

  const toggle = async (enabled: boolean) => {
    const previous = prefs;
    setPrefs({ ...prefs, enabled });
    const change = changeStarted();
    const result = await notificationsApi<NotificationPreferences>("toggle", "/api/notifications/toggle", {
      method: "POST",
      body: { enabled },
    });
    const failure = result.ok ? null : settingsFailureMessage("toggle", result.serverError);
    changeDone(change, failure);
    if (result.ok) setPrefs(result.data);
    else {
      setPrefs(previous);
      toast({ message: failure!, kind: "error", durationMs: 5000 });
    }
    return result.ok;
  };

  const statusText =
    status.kind === "saving"
      ? NOTIFICATION_MESSAGES.saving
      : status.kind === "saved"
        ? NOTIFICATION_MESSAGES.saved
        : status.kind === "failed"
          ? status.message
          : "";

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
          />
        ) : (
          <HistoryTab initial={data.history} />
        )}
      </TabPanel>
      {/* Kept on the page (empty when there is nothing to say) so screen readers announce each change; it sticks
          to the bottom of the window, so the result of a change is seen wherever the control was. */}
      <div className="pointer-events-none sticky bottom-4 z-30 mt-4 flex justify-center">
        <p
          role="status"
          aria-live="polite"
          data-testid="save-status"
          data-state={status.kind}
          className={
            statusText
              ? `rounded-full border px-4 py-1.5 text-sm shadow-lg ${
                  status.kind === "failed"
                    ? "border-red-600/60 bg-red-950 text-red-100"
                    : "border-ink-600 bg-ink-800 text-slate-100"
                }`
              : ""
          }
        >
          {statusText}
        </p>
      </div>
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
