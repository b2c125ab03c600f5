// The User Invites tab: the invite form and the recent invitations.
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { AdminActionData } from "#app/lib/admin.ts";
import type { InviteRow } from "#app/lib/admin.ts";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { Empty, formatDate, Message } from "#app/components/admin/parts.tsx";

export function InvitePanel({ invites }: { invites: InviteRow[] }) {
  const fetcher = useFetcher<AdminActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <div className="space-y-5">
      <fetcher.Form
        ref={formRef}
        method="post"
        className="space-y-3 rounded-xl border border-ink-600 bg-ink-900 p-5"
      >
        <h2 className="text-lg font-semibold text-white">Invite User by Email</h2>
        <input type="hidden" name="intent" value="invite" />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Field
            id="invite-email"
            label="Email"
            hideLabel
            name="email"
            type="email"
            placeholder="name@example.com"
            className="flex flex-1 flex-col"
          />
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Sending..." : "Send Invitation"}
          </Button>
        </div>
        <Message data={fetcher.state === "idle" ? fetcher.data : undefined} />
      </fetcher.Form>
      <div>
        <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-400">
          Recent invitations
        </h3>
        {invites.length === 0 ? (
          <Empty text="No invitations yet" />
        ) : (
          <ul className="divide-y divide-ink-700 rounded-xl border border-ink-600 bg-ink-900">
            {invites.map((i) => (
              <li key={i.id} className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm">
                <span className="break-all text-slate-200">{i.email}</span>
                <span className="text-slate-400">
                  {i.status} · {formatDate(i.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
