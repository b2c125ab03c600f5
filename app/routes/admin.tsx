import { Form } from "react-router";
import type { Route } from "./+types/admin";
import { PageHeading } from "../components/ui/PageHeading";
import { requireAdmin } from "../server/auth/admin.server";

export const meta = () => [{ title: "Admin Dashboard · Wheelhouse" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(context.cloudflare.env, request);
  return { email: session.user.email };
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <PageHeading title="Admin Dashboard" subtitle={`Logged in as ${loaderData.email}`} />
      <Form method="post" action="/signout">
        <button
          type="submit"
          className="rounded-lg border border-ink-600 px-4 py-2 text-sm text-slate-200 hover:bg-ink-800"
        >
          Sign Out
        </button>
      </Form>
    </div>
  );
}
