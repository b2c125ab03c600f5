import { LegalPage } from "../components/legal/LegalPage";
import { TERMS } from "../lib/legal/documents";
import { originFromMatches, pageMeta } from "../lib/seo";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${TERMS.title} · Wheelhouse`,
    description: TERMS.description,
    path: TERMS.path,
    origin: originFromMatches(matches),
  });

export default function Screen() {
  return <LegalPage doc={TERMS} />;
}
