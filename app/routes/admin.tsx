import { redirect } from "react-router";
import type { Route } from "./+types/admin";
import { PageHeading } from "../components/ui/PageHeading";
import { getSession } from "../server/auth/session.server";
import { isAdminUser } from "../server/shell.server";

export const meta = () => [{ title: "Admin Dashboard · Wheelhouse" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.cloudflare.env;
  const session = await getSession(env, request);
  if (!session || !(await isAdminUser(env, session.user))) throw redirect("/admin/login");
  return { email: session.user.email };
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  return <PageHeading title="Admin Dashboard" subtitle={`Signed in as ${loaderData.email}`} />;
}
