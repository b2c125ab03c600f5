import { LegalPage } from "../components/legal/LegalPage";
import { PRIVACY } from "../lib/legal/documents";
import { originFromMatches, pageMeta } from "../lib/seo";
import type { Route } from "./+types/privacy";
import { edgeCached } from "../server/http/cache-control.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${PRIVACY.title} · Wheelhouse`,
    description: PRIVACY.description,
    path: PRIVACY.path,
    origin: originFromMatches(matches),
  });

// A visitor's copy is shared by the edge; a signed-in user's never is (decision 282).
export function headers() {
  return edgeCached(["content"]);
}

export default function Screen() {
  return <LegalPage doc={PRIVACY} />;
}
