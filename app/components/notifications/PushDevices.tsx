// "Push to this device" (decision 336): the browser's permission is asked only when the button is pressed; the
// push-only service worker is registered then, the subscription stored per device with a name the user sees, and
// each device can be tested or removed.
import { useEffect, useState } from "react";
import {
  DELIVERY_CHOICES,
  DELIVERY_KEYS,
  deliveryLabel,
  type NotificationPreferences,
} from "#app/lib/notifications.ts";
import { PUSH_MESSAGES } from "#app/lib/push.ts";
import { useToast } from "#app/components/shell/Toaster.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { card, sectionHeading } from "#app/components/notifications/controls.tsx";
import { controlClass } from "#app/components/ui/Field.tsx";
import type { UpdateGroup } from "#app/components/notifications/preference-sections.tsx";
import { notificationsApi } from "#app/components/notifications/notifications-api.ts";

interface PushDevice {
  id: string;
  name: string;
  createdAt: string;
  lastSuccessAt: string | null;
}
interface PushDevicesData {
  configured: boolean;
  publicKey: string | null;
  devices: PushDevice[];
}

const PATH = "/api/notifications/push-devices";

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64Url.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function browserSupportsPush(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window;
}

/** Registers the service worker and subscribes this browser; the subscription's JSON, or the words of why not. */
async function subscribeThisBrowser(
  publicKey: string,
): Promise<{ ok: true; json: unknown } | { ok: false; message: string }> {
  if (!browserSupportsPush()) return { ok: false, message: PUSH_MESSAGES.unsupported };
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return { ok: false, message: PUSH_MESSAGES.permissionDenied };
  await navigator.serviceWorker.register("/push-sw.js", { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  return { ok: true, json: subscription.toJSON() };
}

const CHOICE_TEXT = { email: "Email", push: "Push", both: "Email and push" } as const;

/** Per alert kind, email, push or both; a push-only alert goes by email while no device is added. */
function DeliveryChoices({ prefs, update }: { prefs: NotificationPreferences; update: UpdateGroup }) {
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-medium text-white">Each alert by</legend>
      <p className="text-xs text-slate-400">
        Position alerts are sent at once; market events follow your frequency. Without a device, push alerts
        come by email.
      </p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {DELIVERY_KEYS.map((key) => (
          <label key={key} className="flex items-center justify-between gap-3 text-sm text-slate-300">
            {deliveryLabel(key)}
            <select
              value={prefs.delivery[key]}
              aria-label={`${deliveryLabel(key)} by`}
              onChange={(e) =>
                update("delivery", { [key]: e.target.value as (typeof DELIVERY_CHOICES)[number] })
              }
              className={controlClass}
            >
              {DELIVERY_CHOICES.map((c) => (
                <option key={c} value={c}>
                  {CHOICE_TEXT[c]}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function PushDevicesSection({
  prefs,
  update,
}: {
  prefs: NotificationPreferences;
  update: UpdateGroup;
}) {
  const toast = useToast();
  const [data, setData] = useState<PushDevicesData | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    const answer = await notificationsApi<PushDevicesData>("push devices", PATH);
    if (answer.ok) setData(answer.data);
    else setError(answer.message);
  };
  useEffect(() => {
    void load();
  }, []);

  const addThisDevice = async () => {
    if (!data?.publicKey) return;
    setBusy(true);
    setError(null);
    try {
      const subscribed = await subscribeThisBrowser(data.publicKey);
      if (!subscribed.ok) {
        setError(subscribed.message);
        return;
      }
      const answer = await notificationsApi<PushDevice>("push devices", PATH, {
        method: "POST",
        body: { subscription: subscribed.json },
      });
      if (!answer.ok) setError(answer.message);
      else {
        toast({ message: PUSH_MESSAGES.added, kind: "success" });
        await load();
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : PUSH_MESSAGES.unsupported);
    } finally {
      setBusy(false);
    }
  };

  const test = async (id: string) => {
    const answer = await notificationsApi<unknown>("push devices", `${PATH}/${encodeURIComponent(id)}/test`, {
      method: "POST",
    });
    if (answer.ok) toast({ message: PUSH_MESSAGES.testSent, kind: "success" });
    else {
      toast({ message: answer.message, kind: "error" });
      await load();
    }
  };

  const remove = async (id: string) => {
    const answer = await notificationsApi<unknown>("push devices", `${PATH}/${encodeURIComponent(id)}`, {
      method: "DELETE",
    });
    if (answer.ok) toast({ message: PUSH_MESSAGES.removed, kind: "success" });
    await load();
  };

  return (
    <section className={card} aria-labelledby="push-h" data-testid="push-devices">
      <h2 id="push-h" className={sectionHeading}>
        Push to your devices
      </h2>
      <p className="text-xs text-slate-400">
        Alerts on this phone's or computer's lock screen, beside email. The browser asks for permission when
        you press the button.
      </p>
      {data && !data.configured ? (
        <p className="mt-3 text-sm text-amber-300">{PUSH_MESSAGES.notConfigured}</p>
      ) : null}
      {data?.configured ? (
        <div className="mt-3 space-y-3">
          <Button size="sm" onClick={() => void addThisDevice()} disabled={busy}>
            {busy ? "Adding…" : "Push to this device"}
          </Button>
          {data.devices.length === 0 ? (
            <p className="text-sm text-slate-400">No devices yet.</p>
          ) : (
            <ul className="divide-y divide-ink-700" aria-label="Push devices">
              {data.devices.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="text-sm text-white">{d.name}</span>
                  <span className="flex gap-2">
                    <Button size="sm" variant="secondary" onClick={() => void test(d.id)}>
                      Send a test push
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => void remove(d.id)}
                      aria-label={`Remove ${d.name}`}
                    >
                      Remove
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-300">
          {error}
        </p>
      ) : null}
      {data?.configured ? <DeliveryChoices prefs={prefs} update={update} /> : null}
    </section>
  );
}
