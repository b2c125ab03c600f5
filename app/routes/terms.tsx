import { LegalPage } from "#app/components/legal/LegalPage.tsx";
import { TERMS } from "#app/lib/legal/documents.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/terms";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${TERMS.title} · Wheelhouse`,
    description: TERMS.description,
    path: TERMS.path,
    origin: originFromMatches(matches),
  });

// A visitor's copy is shared by the edge; a signed-in user's never is (decision 282).
export function headers() {
  return edgeCached(["content"]);
}

export default function Screen() {
  return <LegalPage doc={TERMS} />;
}
