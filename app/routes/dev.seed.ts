import type { Route } from "./+types/dev.seed";
import { seedDemoData } from "../server/seed.server";
import { cloudflareContext } from "../server/request-context.server";
import { isLocalDevelopment, notFound } from "../server/http/dev-only.server";

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (!isLocalDevelopment(env, request)) return notFound();
  const result = await seedDemoData(env, request);
  return Response.json(result);
}

export function loader() {
  return notFound();
}
