export type LegalSlug = 'tos' | 'privacy-notice' | 'cookie-policy' | 'data-processing' | 'dmca';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDocument {
  slug: LegalSlug;
  title: string;
  /** Date of the last revision, YYYY-MM-DD. */
  updated: string;
  intro: string;
  sections: LegalSection[];
}
