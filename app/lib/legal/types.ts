export type LegalBlock = string | { list: readonly string[] };

export interface LegalSection {
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** Meta description. */
  description: string;
  path: string;
  /** 'YYYY-MM-DD' */
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
}
