// The User Lookup card beside every tab: search a user by email, see their account, reset their profile.
import { Form, useFetcher, useLocation } from "react-router";
import { ADMIN_MESSAGES } from "#app/lib/admin.ts";
import type { AdminActionData } from "#app/lib/admin.ts";
import type { LookupState } from "#app/lib/admin.ts";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { Fact, formatDate, Message } from "#app/components/admin/parts.tsx";

/** Puts a user's name back to the email's local part and clears the picture (audited). */
function ProfileReset({ email }: { email: string }) {
  const fetcher = useFetcher<AdminActionData>();
  return (
    // The /admin route (Pending Features) owns the profile reset; the card is beside every tab.
    <fetcher.Form method="post" action="/admin" className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="profile-reset" />
      <input type="hidden" name="email" value={email} />
      <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
        Reset display name and picture
      </Button>
      <Message data={fetcher.state === "idle" ? fetcher.data : undefined} />
    </fetcher.Form>
  );
}

export function LookupCard({ lookup }: { lookup: LookupState | null }) {
  const { pathname } = useLocation();
  return (
    <section className="space-y-3 rounded-xl border border-ink-600 bg-ink-900 p-5" aria-label="User lookup">
      <h2 className="text-lg font-semibold text-white">User Lookup</h2>
      {/* Stays on the tab shown: the search is a query on its address. */}
      <Form method="get" action={pathname} className="flex flex-col gap-2">
        <Field
          id="lookup-email"
          label="Email to look up"
          hideLabel
          name="lookup"
          type="email"
          required
          defaultValue={lookup?.email ?? ""}
          placeholder="user@example.com"
        />
        <Button type="submit" variant="secondary">
          Look Up
        </Button>
      </Form>
      {lookup && !lookup.user ? (
        <p role="alert" className="text-sm text-red-400">
          {lookup.error ?? ADMIN_MESSAGES.noUser}
        </p>
      ) : null}
      {lookup?.user ? (
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm" data-testid="lookup-card">
          <Fact label="Email" value={lookup.user.email} />
          <Fact label="Display name" value={lookup.user.name ?? `Unreadable (${lookup.user.nameType})`} />
          <Fact label="Picture" value={lookup.user.image ?? "—"} />
          <Fact label="Plan" value={lookup.user.subscriptionTier} />
          <Fact label="Status" value={lookup.user.subscriptionStatus} />
          <Fact label="Trial end" value={formatDate(lookup.user.trialEnd)} />
          <Fact label="Used a trial" value={lookup.user.hasUsedTrial ? "Yes" : "No"} />
          <Fact label="Paid subscription" value={lookup.user.subscriptionId ? "Yes" : "No"} />
          <Fact label="Signed up" value={formatDate(lookup.user.createdAt)} />
          <Fact label="Role" value={lookup.user.role ?? "user"} />
          <Fact label="Feedback" value={lookup.user.counts.feedback} />
          <Fact label="Feature requests" value={lookup.user.counts.featureRequests} />
          <Fact label="Votes" value={lookup.user.counts.votes} />
          <Fact label="Watchlist symbols" value={lookup.user.counts.watchlistSymbols} />
        </dl>
      ) : null}
      {lookup?.user ? <ProfileReset email={lookup.user.email} /> : null}
    </section>
  );
}
