import { LegalPage } from "../components/legal/LegalPage";
import { RISK_DISCLOSURE } from "../lib/legal/documents";
import { originFromMatches, pageMeta } from "../lib/seo";
import type { Route } from "./+types/risk-disclosure";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${RISK_DISCLOSURE.title} · Wheelhouse`,
    description: RISK_DISCLOSURE.description,
    path: RISK_DISCLOSURE.path,
    origin: originFromMatches(matches),
  });

export default function Screen() {
  return <LegalPage doc={RISK_DISCLOSURE} />;
}
