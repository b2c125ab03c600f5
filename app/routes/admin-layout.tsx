// The back office's frame: the admin check, the tabs (each its own route below), the User Lookup card and the
// recent activity. Every tab's loader and action checks the admin again: loaders run in parallel.
import { Form, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/admin-layout";
import { AuditLog } from "#app/components/admin/AuditLog.tsx";
import { LookupCard } from "#app/components/admin/LookupCard.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { PageHeading } from "#app/components/ui/PageHeading.tsx";
import { TabNav } from "#app/components/ui/Tabs.tsx";
import { ADMIN_TABS, adminTabPath } from "#app/lib/admin.ts";
import { requireAdminActor } from "#app/server/admin/actions.server.ts";
import { recentAudit } from "#app/server/admin/audit.server.ts";
import { lookUpUser } from "#app/server/admin/searches.server.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Admin Dashboard · Wheelhouse",
    description:
      "Wheelhouse back office: users, invites, promotional trials, the feature board and the audit log.",
    path: "/admin",
    origin: originFromMatches(matches),
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const { session, actor } = await requireAdminActor(env, request);
  const lookup = await lookUpUser(env, actor, new URL(request.url).searchParams.get("lookup") ?? "");
  return { email: session.user.email, lookup, audit: await recentAudit(env, 20) };
}

const TABS = ADMIN_TABS.map((t) => ({
  key: adminTabPath(t.value),
  to: adminTabPath(t.value),
  label: t.label,
}));

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading title="Admin Dashboard" subtitle={`Logged in as ${loaderData.email}`} />
        <Form method="post" action="/signout">
          <Button type="submit" variant="secondary">
            Sign Out
          </Button>
        </Form>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-5">
          <TabNav label="Admin sections" tabs={TABS} current={pathname.replace(/\/$/, "")} />
          <Outlet />
        </div>
        <aside className="space-y-6">
          <LookupCard lookup={loaderData.lookup} />
          <AuditLog entries={loaderData.audit} />
        </aside>
      </div>
    </div>
  );
}
