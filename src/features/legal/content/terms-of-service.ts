import type { LegalDocument } from './types';
import {
  CLAIMS_LIMIT_YEARS,
  CONTACT_PAGE,
  count,
  DELETION_REQUEST_DAYS,
  DEPOSIT_DISCOUNT_DAYS,
  DORMANT_BALANCE_DAYS,
  EUR,
  IDENTITY_VERIFICATION_EMAIL_DAYS,
  LEGAL_UPDATED,
  MIN_DEPOSIT_EUR,
  MINIMUM_AGE,
  OPERATOR_COUNTRY,
  OPERATOR_DESCRIPTION,
  OPERATOR_JURISDICTION,
  OPERATOR_NAME,
  SELF_HOSTING_NOTE,
  SERVICE_FEE_PERCENT,
  SERVICE_NAME,
} from './legal-terms';

export const termsOfService: LegalDocument = {
  slug: 'tos',
  title: 'Terms of Service',
  updated: LEGAL_UPDATED,
  intro: `These terms are a contract between you and ${OPERATOR_DESCRIPTION} ("${OPERATOR_NAME}", "we", "us"), and they govern your use of ${SERVICE_NAME}: the music library, the player and the store. By creating an account or by using the service you accept them. If you do not agree, please do not use ${SERVICE_NAME}.`,
  sections: [
    {
      heading: '1. Who we are',
      paragraphs: [
        `${SERVICE_NAME} is operated by ${OPERATOR_DESCRIPTION}, ${OPERATOR_COUNTRY}. You can reach us through ${CONTACT_PAGE} or by opening a support ticket once you are signed in.`,
        SELF_HOSTING_NOTE,
      ],
    },
    {
      heading: '2. The service',
      paragraphs: [
        `${SERVICE_NAME} is a music library and a store. Artists, labels and distributors ("sellers") upload and sell tracks and releases; customers stream, buy and download them. You can also keep playlists, like tracks, comment on releases, request music that is missing, exchange direct messages and contact support.`,
        `Users hold a balance on their account. The balance can be used to buy products in the store, such as access to a release, a role upgrade, a subscription or transcoding, and to tip artists whose music you want to support.`,
        `When you buy a track or a release, you buy it from the seller; ${OPERATOR_NAME} runs the store, collects the payment and pays the seller their share. Which features are available to you depends on the role attached to your account.`,
      ],
    },
    {
      heading: '3. Your account',
      paragraphs: [
        `You must be at least ${MINIMUM_AGE} years old to create an account. If you are under the age of majority where you live, you may use ${SERVICE_NAME} only with the consent of a parent or guardian, who accepts these terms on your behalf.`,
        'You must give accurate information when you register, confirm your e-mail address and keep your details up to date. Some pages, including uploads, are unavailable until your e-mail address is confirmed.',
        'Keep your password secret. You are responsible for everything done through your account. Tell us at once if you think someone else has gained access to it.',
        'Registration may be open, closed or by invitation only. Invitations are personal and may not be sold.',
      ],
    },
    {
      heading: '4. Artists, labels and distributors',
      paragraphs: [
        'Artists and labels must be verified before they can use the full set of seller features. Until their identity is confirmed, their accounts have limited functionality: for example, releases may not be published for sale and earnings may not be paid out.',
        `After you apply for an artist or label account, we will send you an identity-verification e-mail within ${count(IDENTITY_VERIFICATION_EMAIL_DAYS, 'day')}, explaining which documents we need. If you do not complete verification, your account keeps its limited functionality.`,
        'Distributors act on behalf of the artists and labels they represent and must be able to show that they are authorised to do so.',
        'By uploading music for sale you confirm that you own, or are licensed to exploit, every right needed to sell it through the store, including the rights in the recording, the composition and the artwork, and that you will pay any third parties (for example co-writers or collecting societies) that are owed money for it.',
      ],
    },
    {
      heading: '5. Prices and payment',
      paragraphs: [
        'Prices are shown in euros (EUR) and include any discount shown next to them. Payment can be made from your balance, where it is enabled and your balance covers the price, or through a payment provider such as Stripe or Sellix. When you pay through a provider, its own terms also apply.',
        'Subscriptions renew automatically at the price shown until you cancel them. Cancelling stops the next charge; the current period runs to its end.',
        'Access to a release, a role or a feature is granted once the payment has been confirmed.',
      ],
    },
    {
      heading: '6. Balance and deposits',
      paragraphs: [
        `The minimum deposit to your balance is ${EUR(MIN_DEPOSIT_EUR)}. Your balance is a prepaid credit for use on ${SERVICE_NAME}; it is not a bank account, it earns no interest and it cannot be transferred to another user except by buying from or tipping them.`,
        `Where a deposit comes with a discount or bonus, the discount lasts ${count(DEPOSIT_DISCOUNT_DAYS, 'day')} from the date of the deposit and then expires.`,
        `Balance left unused for ${count(DORMANT_BALANCE_DAYS, 'day')} after its last change (a deposit, purchase, tip or payout) is taken by us as a fee for keeping the account, and your balance is set to zero.`,
      ],
    },
    {
      heading: '7. Service fee and tips',
      paragraphs: [
        `${OPERATOR_NAME} charges a service fee of ${SERVICE_FEE_PERCENT}% of the price of every sale made through the store, including tips. The remaining ${100 - SERVICE_FEE_PERCENT}% is credited to the seller or, for tips, to the artist who receives the tip.`,
        'Tips are voluntary gifts to an artist. They do not buy any product or right, and they are subject to the same fee and to the refund rules below.',
      ],
    },
    {
      heading: '8. Refunds',
      paragraphs: [
        'Because music, downloads and other digital content are supplied immediately, all sales, deposits and tips are final. By completing a purchase you ask us to supply the content at once and acknowledge that you lose the right to cancel it.',
        `We do not give refunds, except at ${OPERATOR_NAME}'s discretion, for example where a file is faulty and we cannot supply a working copy. Nothing in these terms removes any right you have as a consumer that cannot be excluded by law.`,
      ],
    },
    {
      heading: '9. Using music from the store',
      paragraphs: [
        'Unless a seller grants wider rights, music you stream or buy is licensed to you for personal, non-commercial listening only. You may not resell, redistribute, publicly perform, broadcast or share it, and you may not remove any rights information from the files.',
        'Download, request and speed limits depend on your role and may change as roles and products change.',
      ],
    },
    {
      heading: '10. Content you upload or post',
      paragraphs: [
        `You keep the rights in the music, artwork, comments, playlists and messages you add. You give ${OPERATOR_NAME} a worldwide, non-exclusive licence to host, copy, transcode, stream and display that content as needed to run ${SERVICE_NAME} and, for music offered for sale, to sell it on your behalf. The licence ends when the content is removed, except for copies already sold to customers.`,
        'You must not upload or post anything that infringes the rights of others, is unlawful, hateful or harassing, contains malware, or misleads other users. Claims that content infringes copyright are handled under our Takedown Policy.',
      ],
    },
    {
      heading: '11. Acceptable use',
      paragraphs: [
        'Do not try to get around role limits, download limits or payment, scrape the library, open several accounts where the operator does not allow it, share your account, interfere with the service or with other users, or use the service to send spam.',
      ],
    },
    {
      heading: '12. Suspension and closing your account',
      paragraphs: [
        'We may suspend or ban an account, or block an IP address, if these terms are broken, if we are required to by law, or to protect other users or the service. Where it is safe to do so, we will tell you why.',
        `You may close your account at any time by contacting us. We delete your account and personal data within ${count(DELETION_REQUEST_DAYS, 'day')} of your request, except for information we must keep by law, as described in the Privacy Notice.`,
      ],
    },
    {
      heading: '13. Liability',
      paragraphs: [
        `${SERVICE_NAME} is provided "as is". We work to keep it available and the files intact, but we do not promise that it will be uninterrupted or free of errors, and we may change or withdraw features.`,
        `To the extent the law allows, ${OPERATOR_NAME} is not liable for indirect or consequential losses, loss of profits or loss of data, and our total liability to you is limited to the amount you paid us in the twelve months before the claim. Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited by law.`,
      ],
    },
    {
      heading: '14. Time limit for claims',
      paragraphs: [
        `Any claim arising out of or relating to these terms or to ${SERVICE_NAME} must be brought within ${count(CLAIMS_LIMIT_YEARS, 'year')} after the events giving rise to it; after that, the claim is barred, to the extent the law allows.`,
      ],
    },
    {
      heading: '15. Changes to these terms',
      paragraphs: [
        'We may update these terms. The date at the top shows when they last changed. We will give reasonable notice of material changes, and continuing to use the service after they take effect means you accept them.',
      ],
    },
    {
      heading: '16. Governing law',
      paragraphs: [
        `These terms are governed by the law of ${OPERATOR_JURISDICTION}, and the courts of ${OPERATOR_JURISDICTION} have jurisdiction. If you are a consumer living elsewhere in the UK or in another country, you also keep the protection of the mandatory rules of your home country and may bring proceedings there.`,
      ],
    },
  ],
};
