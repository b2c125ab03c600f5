import { LegalPage } from "../components/legal/LegalPage";
import { TERMS } from "../lib/legal/documents";
import { originFromMatches, pageMeta } from "../lib/seo";
import type { Route } from "./+types/terms";
import { edgeCached } from "../server/http/cache-control.server";

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
