import { PRIVACY } from "#app/lib/legal/privacy.ts";
import { RISK_DISCLOSURE } from "#app/lib/legal/risk-disclosure.ts";
import { TERMS } from "#app/lib/legal/terms.ts";
import type { LegalDocument } from "#app/lib/legal/types.ts";

export { PRIVACY, RISK_DISCLOSURE, TERMS };
export const LEGAL_DOCUMENTS: readonly LegalDocument[] = [TERMS, PRIVACY, RISK_DISCLOSURE];

/** The newest "last updated" date of the legal pages (the sitemap's lastmod). */
export const LEGAL_LAST_UPDATED = LEGAL_DOCUMENTS.map((d) => d.lastUpdated)
  .sort()
  .at(-1)!;
