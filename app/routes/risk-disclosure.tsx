import { LegalPage } from "#app/components/legal/LegalPage.tsx";
import { RISK_DISCLOSURE } from "#app/lib/legal/documents.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/risk-disclosure";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${RISK_DISCLOSURE.title} · Wheelhouse`,
    description: RISK_DISCLOSURE.description,
    path: RISK_DISCLOSURE.path,
    origin: originFromMatches(matches),
  });

// A visitor's copy is shared by the edge; a signed-in user's never is (decision 282).
export function headers() {
  return edgeCached(["content"]);
}

export default function Screen() {
  return <LegalPage doc={RISK_DISCLOSURE} />;
}
