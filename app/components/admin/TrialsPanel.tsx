// The User Trials tab: find a user by email, then enable or cancel a promotional trial.
import { Form, useFetcher } from "react-router";
import { ADMIN_MESSAGES, trialLength } from "#app/lib/admin.ts";
import type { AdminActionData } from "#app/lib/admin.ts";
import type { AdminUserCard } from "#app/lib/admin.ts";
import { Button } from "#app/components/ui/Button.tsx";
import { Field, SelectField } from "#app/components/ui/Field.tsx";
import { Fact, formatDate, Message } from "#app/components/admin/parts.tsx";

export function TrialsPanel({
  email,
  user,
  searched,
  error,
}: {
  email: string;
  user: AdminUserCard | null;
  searched: boolean;
  error: string | null;
}) {
  const fetcher = useFetcher<AdminActionData>();
  const busy = fetcher.state !== "idle";
  return (
    <div className="space-y-5">
      <Form method="get" className="flex flex-col gap-2 sm:flex-row" aria-label="Search user">
        <Field
          id="trial-email"
          label="User email"
          hideLabel
          name="email"
          type="email"
          required
          defaultValue={email}
          placeholder="user@example.com"
          className="flex flex-1 flex-col"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {searched && !user ? (
        <p role="alert" className="text-sm text-red-400">
          {error ?? ADMIN_MESSAGES.noUser}
        </p>
      ) : null}
      {user ? (
        <div
          className="space-y-4 rounded-xl border border-ink-600 bg-ink-900 p-5"
          data-testid="trial-user-card"
        >
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <Fact label="Email" value={user.email} />
            <Fact label="Current plan" value={user.subscriptionTier} />
            <Fact label="Status" value={user.subscriptionStatus} />
            <Fact label="Trial end" value={formatDate(user.trialEnd)} />
          </dl>
          {/* noValidate: the browser's number checks would block both buttons (Cancel Trial too) on 0 or 2.5;
              the field shows the length it will use on blur and the server normalises it the same way. */}
          <fetcher.Form method="post" noValidate className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="email" value={user.email} />
            <Field
              id="trial-length"
              label="Trial length"
              name="length"
              type="number"
              min={1}
              step={1}
              defaultValue={1}
              onBlur={(e) => {
                e.currentTarget.value = String(trialLength(e.currentTarget.value));
              }}
              controlClassName="w-28"
            />
            <SelectField id="trial-unit" label="Unit" name="unit" defaultValue="days">
              <option value="days">Days</option>
              <option value="minutes">Minutes</option>
            </SelectField>
            <Button type="submit" name="intent" value="trial-enable" disabled={busy}>
              Enable Promo Trial
            </Button>
            <Button type="submit" name="intent" value="trial-cancel" variant="secondary" disabled={busy}>
              Cancel Trial
            </Button>
          </fetcher.Form>
          <Message data={fetcher.state === "idle" ? fetcher.data : undefined} />
        </div>
      ) : null}
    </div>
  );
}
