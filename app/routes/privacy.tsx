import { LegalPage } from "../components/legal/LegalPage";
import { PRIVACY } from "../lib/legal/documents";
import { originFromMatches, pageMeta } from "../lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${PRIVACY.title} · Wheelhouse`,
    description: PRIVACY.description,
    path: PRIVACY.path,
    origin: originFromMatches(matches),
  });

export default function Screen() {
  return <LegalPage doc={PRIVACY} />;
}
