import type { Route } from "./+types/dev.seed";
import { seedDemoData } from "#app/server/jobs/seed.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { isLocalDevelopment, notFound } from "#app/server/http/dev-only.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (!isLocalDevelopment(env, request)) return notFound();
  const result = await seedDemoData(env, request);
  return Response.json(result);
}

export function loader() {
  return notFound();
}
