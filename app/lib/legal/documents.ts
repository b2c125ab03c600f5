import { PRIVACY } from "./privacy";
import { RISK_DISCLOSURE } from "./risk-disclosure";
import { TERMS } from "./terms";
import type { LegalDocument } from "./types";

export { PRIVACY, RISK_DISCLOSURE, TERMS };
export const LEGAL_DOCUMENTS: readonly LegalDocument[] = [TERMS, PRIVACY, RISK_DISCLOSURE];

/** The newest "last updated" date of the legal pages (the sitemap's lastmod). */
export const LEGAL_LAST_UPDATED = LEGAL_DOCUMENTS.map((d) => d.lastUpdated)
  .sort()
  .at(-1)!;
