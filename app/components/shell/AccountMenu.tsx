// The signed-in user's menu in the header: email, plan badge, account links and Sign Out.
import { Form, Link } from "react-router";
import type { ShellUser } from "#app/lib/shell-user.ts";

function PlanBadge({ user }: { user: ShellUser }) {
  const tone =
    user.planBadge === "Admin"
      ? "bg-violet-500/15 text-violet-300 ring-violet-500/40"
      : user.planBadge === "Elite"
        ? "bg-amber-500/15 text-amber-300 ring-amber-500/40"
        : user.planBadge === "Pro"
          ? "bg-brand-500/15 text-brand-400 ring-brand-500/40"
          : "bg-slate-500/15 text-slate-300 ring-slate-500/40";
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${tone}`}>{user.planBadge}</span>
  );
}

export function AccountMenu({ user }: { user: ShellUser }) {
  return (
    <details className="relative">
      <summary className="flex cursor-pointer items-center gap-2 rounded-full border border-ink-700 bg-ink-850 py-1 pl-1 pr-3 hover:border-ink-600">
        <span className="sr-only">Account menu</span>
        <span className="grid h-7 w-7 place-items-center rounded-full bg-brand-600 text-xs font-bold uppercase text-white">
          {user.email.slice(0, 1)}
        </span>
        <PlanBadge user={user} />
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-64 rounded-lg border border-ink-700 bg-ink-900 p-1 shadow-xl">
        <div className="border-b border-ink-700 px-3 py-2">
          <p className="truncate text-sm text-white" data-testid="account-email">
            {user.email}
          </p>
          <p className="text-xs text-slate-400">{user.isAdmin ? "Admin" : user.plan}</p>
        </div>
        {user.isAdmin ? (
          <Link
            to="/admin"
            className="block rounded-md px-3 py-2 text-sm text-slate-300 hover:bg-ink-800 hover:text-white"
          >
            Admin Dashboard
          </Link>
        ) : (
          <>
            <Link
              to="/positions"
              className="block rounded-md px-3 py-2 text-sm text-slate-300 hover:bg-ink-800 hover:text-white"
            >
              Positions
            </Link>
            <Link
              to="/notifications"
              className="block rounded-md px-3 py-2 text-sm text-slate-300 hover:bg-ink-800 hover:text-white"
            >
              Notifications
            </Link>
            <Link
              to="/change-password"
              className="block rounded-md px-3 py-2 text-sm text-slate-300 hover:bg-ink-800 hover:text-white"
            >
              Change Password
            </Link>
            <Link
              to="/account/delete"
              className="block rounded-md px-3 py-2 text-sm text-slate-300 hover:bg-ink-800 hover:text-white"
            >
              Delete Account
            </Link>
          </>
        )}
        <Form method="post" action="/signout">
          <button
            type="submit"
            className="block w-full rounded-md px-3 py-2 text-left text-sm text-red-300 hover:bg-ink-800"
          >
            Sign Out
          </button>
        </Form>
      </div>
    </details>
  );
}
