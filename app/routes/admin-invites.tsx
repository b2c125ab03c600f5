// Admin: User Invites (send an invitation, see the recent ones).
import type { Route } from "./+types/admin-invites";
import { InvitePanel } from "#app/components/admin/InvitePanel.tsx";
import { requireAdminActor, runAdminAction } from "#app/server/admin/actions.server.ts";
import { recentInvites } from "#app/server/admin/users.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  await requireAdminActor(env, request);
  return { tab: "invites" as const, invites: await recentInvites(env) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(context.get(cloudflareContext).env, request, ["invite"]);
}

export default function AdminInvites({ loaderData }: Route.ComponentProps) {
  return <InvitePanel invites={loaderData.invites} />;
}
