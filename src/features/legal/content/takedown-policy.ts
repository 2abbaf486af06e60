import type { LegalDocument } from './types';
import {
  CONTACT_PAGE,
  count,
  COUNTER_NOTICE_RESTORE_BUSINESS_DAYS,
  LEGAL_UPDATED,
  OPERATOR_DESCRIPTION,
  OPERATOR_NAME,
  SELF_HOSTING_NOTE,
  SERVICE_NAME,
} from './legal-terms';

export const takedownPolicy: LegalDocument = {
  slug: 'dmca',
  title: 'Takedown Policy (DMCA)',
  updated: LEGAL_UPDATED,
  intro: `${SERVICE_NAME} respects the rights of musicians, songwriters, labels and everyone else who owns creative work, and expects its users to do the same. This policy explains how to report material that infringes your copyright, and how users can respond if their material is removed.`,
  sections: [
    {
      heading: '1. About this policy',
      paragraphs: [
        `${SERVICE_NAME} is operated by ${OPERATOR_DESCRIPTION}. We remove infringing material promptly when we are told about it, as required of hosting providers by the Electronic Commerce (EC Directive) Regulations 2002, and we follow the notice and counter-notice procedure of the United States Digital Millennium Copyright Act (17 U.S.C. § 512).`,
        SELF_HOSTING_NOTE,
      ],
    },
    {
      heading: '2. Sending a takedown notice',
      paragraphs: [
        `If you believe material on ${SERVICE_NAME} infringes a copyright you own or are authorised to act for, send a notice through ${CONTACT_PAGE}, beginning the message with "Takedown notice". The notice must include:`,
        "(a) your physical or electronic signature; (b) a description of the copyrighted work you say is infringed; (c) the address of each page, collection or track on which the material appears, precise enough for us to find it; (d) your name, postal address, telephone number and e-mail address; (e) a statement that you believe in good faith that the use is not authorised by the copyright owner, its agent or the law; and (f) a statement that the information in the notice is accurate and, under penalty of perjury, that you are the owner of the right or authorised to act on the owner's behalf.",
        'Notices that lack these elements may not be acted upon. Please consider whether the use may be permitted, for example as quotation, criticism or review, before you send a notice.',
      ],
    },
    {
      heading: '3. What we do with a notice',
      paragraphs: [
        'When we receive a complete notice, we remove or disable access to the material and tell the user who uploaded or sells it, giving them a copy of the notice. Where the material is offered for sale, it is withdrawn from the store, and payouts for it may be held until the matter is resolved.',
      ],
    },
    {
      heading: '4. Counter-notices',
      paragraphs: [
        `If your material was removed and you believe this was a mistake or that you have the right to use it, you may send a counter-notice through ${CONTACT_PAGE}, beginning the message with "Counter-notice".`,
        'The counter-notice must include: (a) your physical or electronic signature; (b) the material that was removed and where it appeared before removal; (c) a statement, under penalty of perjury, that you believe in good faith that the material was removed as a result of a mistake or misidentification; (d) your name, address and telephone number; and (e) your consent to the jurisdiction of the courts for your address (or, if you live outside the United States, of any court in which the person who sent the notice may sue) and to accept service of proceedings from that person.',
        `We forward a valid counter-notice to the person who sent the takedown notice. Unless they tell us, within ${count(COUNTER_NOTICE_RESTORE_BUSINESS_DAYS, 'business day')} of our forwarding it, that they have started court proceedings to stop the infringement, we restore the material at the end of that period of ${count(COUNTER_NOTICE_RESTORE_BUSINESS_DAYS, 'business day')}.`,
      ],
    },
    {
      heading: '5. Repeat infringers',
      paragraphs: [
        `${OPERATOR_NAME} closes the accounts of users who repeatedly infringe the rights of others. Artists, labels and distributors whose uploads are repeatedly removed may lose their verified status and their access to the store.`,
      ],
    },
    {
      heading: '6. False notices',
      paragraphs: [
        'Anyone who knowingly states that material is infringing, or that it was removed by mistake, when this is not true may be liable for the damages, costs and legal fees that result. We may ignore notices from people who repeatedly send false or abusive ones.',
      ],
    },
    {
      heading: '7. Other complaints',
      paragraphs: [
        `Complaints about other rights, such as trademarks, performers' rights or personal data, and complaints about unlawful content can also be sent through ${CONTACT_PAGE}. We review each one and act on it where the law or our Terms of Service require.`,
      ],
    },
  ],
};
