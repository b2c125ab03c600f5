// Admin: User Invites (send an invitation, see the recent ones).
import type { Route } from "./+types/admin-invites";
import { InvitePanel } from "../components/admin/InvitePanel";
import { requireAdminActor, runAdminAction } from "../server/admin/actions.server";
import { recentInvites } from "../server/admin/users.server";
import { cloudflareContext } from "../server/request-context.server";

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
