import type { LegalDocument, LegalSlug } from './types';
import { cookiePolicy } from './cookie-policy';
import { dataProcessingAgreement } from './data-processing';
import { privacyNotice } from './privacy-notice';
import { takedownPolicy } from './takedown-policy';
import { termsOfService } from './terms-of-service';

export type { LegalDocument, LegalSection, LegalSlug } from './types';

export const legalDocuments: Record<LegalSlug, LegalDocument> = {
  tos: termsOfService,
  'privacy-notice': privacyNotice,
  'cookie-policy': cookiePolicy,
  'data-processing': dataProcessingAgreement,
  dmca: takedownPolicy,
};

export const legalSlugs = Object.keys(legalDocuments) as LegalSlug[];
