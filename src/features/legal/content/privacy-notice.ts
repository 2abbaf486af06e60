import type { LegalDocument } from './types';
import {
  ACCESS_REQUEST_PERIOD_MONTHS,
  ACCESS_REQUEST_RESPONSE_DAYS,
  ACCESS_REQUESTS_PER_PERIOD,
  CONTACT_PAGE,
  count,
  DELETION_REQUEST_DAYS,
  LEGAL_UPDATED,
  listInWords,
  MINIMUM_AGE,
  OPERATOR_COUNTRY,
  OPERATOR_DESCRIPTION,
  OPERATOR_NAME,
  PERSONAL_DATA_CATEGORIES,
  RETENTION_ARTIST_LABEL_MONTHS,
  RETENTION_DISTRIBUTOR_MONTHS,
  RETENTION_USER_MONTHS,
  SELF_HOSTING_NOTE,
  SERVICE_NAME,
  times,
} from './legal-terms';

export const privacyNotice: LegalDocument = {
  slug: 'privacy-notice',
  title: 'Privacy Notice',
  updated: LEGAL_UPDATED,
  intro: `This notice explains which personal data ${SERVICE_NAME} collects, why, how long it is kept and what rights you have. It applies to listeners and customers, and to artists, labels and distributors who sell through the store.`,
  sections: [
    {
      heading: '1. Who is responsible for your data',
      paragraphs: [
        `The controller of your personal data is ${OPERATOR_DESCRIPTION}, ${OPERATOR_COUNTRY}. We process personal data in line with the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. Questions and requests about your data can be sent through ${CONTACT_PAGE}.`,
        SELF_HOSTING_NOTE,
      ],
    },
    {
      heading: '2. The personal data we collect',
      paragraphs: [
        `Depending on how you use ${SERVICE_NAME}, we collect the following categories of personal data: ${listInWords(PERSONAL_DATA_CATEGORIES)}.`,
        'Account and profile data: your user name, full name (name and surname), e-mail address, profile photo, age, gender, country, social links (such as Instagram, YouTube and Facebook), biography, favourite genres and your marketing preference.',
        'Seller data: for artists, labels and distributors, also your postal address, company data (company name, registration number, VAT number and registered address) and the identity documents needed to verify you, together with the bank or payout details needed to pay you.',
        'Payment data: records of your deposits, purchases, subscriptions, tips and balance. Card details are entered on the pages of our payment providers (Stripe or Sellix) and are not stored by us; we receive only a reference to the payment and its result.',
        'Usage and technical data: the IP address you registered and last signed in from, the times of registration and last sign-in, your role, downloads, likes, playlists, requests, comments, direct messages, support tickets and uploads.',
      ],
    },
    {
      heading: '3. Why we use it and on what legal basis',
      paragraphs: [
        'To provide the service you signed up for: running your account, streaming and downloads, the store, your balance, payouts to sellers, messages and support. The legal basis is the performance of our contract with you.',
        'To verify artists and labels, prevent fraud and abuse (for example by limiting several accounts from one IP address), keep the service secure and enforce our terms. The legal basis is our legitimate interest in a safe, honest store, and in some cases our legal obligations.',
        'To keep accounting, tax and anti-money-laundering records. The legal basis is our legal obligations.',
        'To send you news and marketing e-mails, only if you have opted in. You can withdraw this consent at any time in your profile.',
      ],
    },
    {
      heading: '4. Who we share it with',
      paragraphs: [
        'Other users see your public profile (user name, photo, biography, social links and, if you choose, other profile details), your public playlists and your comments. Sellers see the information needed to recognise purchases and tips they receive.',
        'We use service providers (sub-processors) for hosting, e-mail delivery and payments. They may process your data only on our instructions. Payment providers also act as controllers for the payments they process.',
        'We disclose data to authorities or rights holders only where the law requires it, or where it is needed to establish, exercise or defend legal claims. We never sell your personal data.',
      ],
    },
    {
      heading: '5. International transfers',
      paragraphs: [
        'Where a provider processes data outside the UK, we make sure the transfer is protected, for example by UK adequacy regulations or by the International Data Transfer Agreement or Addendum approved under UK law.',
      ],
    },
    {
      heading: '6. How long we keep it',
      paragraphs: [
        `We keep personal data for as long as your account is active and then for a fixed period after it is closed or after your last activity: ${count(RETENTION_USER_MONTHS, 'month')} for users, ${count(RETENTION_ARTIST_LABEL_MONTHS, 'month')} for artists and labels, and ${count(RETENTION_DISTRIBUTOR_MONTHS, 'month')} for distributors. After that period it is deleted or anonymised.`,
        'Where the law requires us to keep a record for longer, for example a transaction record for tax purposes, we keep only that record, only for as long as required.',
      ],
    },
    {
      heading: '7. Deleting your account and data',
      paragraphs: [
        `You may ask us to delete your account and personal data at any time. We carry out the deletion within ${count(DELETION_REQUEST_DAYS, 'day')} of your request, except for records we must keep by law. Music you sold remains available to customers who bought it, but is no longer linked to your personal data.`,
      ],
    },
    {
      heading: '8. Your rights',
      paragraphs: [
        'You have the right to access your personal data, to have it corrected, to have it erased, to restrict or object to its processing, to receive it in a portable format, and to withdraw consent you have given.',
        `We answer data access requests within ${count(ACCESS_REQUEST_RESPONSE_DAYS, 'day')} of receiving them. You may make an access request at most ${times(ACCESS_REQUESTS_PER_PERIOD)} in any ${count(ACCESS_REQUEST_PERIOD_MONTHS, 'month')}; further requests in the same period may be refused as excessive. We may ask you to prove your identity before we answer.`,
        `If you are unhappy with how we handle your data, please contact us first. You also have the right to complain to the Information Commissioner's Office (ico.org.uk) or to the data protection authority where you live.`,
      ],
    },
    {
      heading: '9. Children',
      paragraphs: [
        `${SERVICE_NAME} is not meant for children under ${MINIMUM_AGE}, and they may not create an account. If we learn that we hold the personal data of a child under ${MINIMUM_AGE}, we will delete it.`,
      ],
    },
    {
      heading: '10. Cookies and local storage',
      paragraphs: [
        'We use only the cookies and browser storage needed to sign you in, protect your session, remember your display and player settings and let the app work offline. There is no third-party tracking. The Cookie Policy gives the details.',
      ],
    },
    {
      heading: '11. Security',
      paragraphs: [
        'Passwords are stored only as salted hashes, connections are encrypted, and access to personal data is limited to the people who need it to run the service. No system is perfectly secure; if a breach is likely to put your rights at risk, we will tell you and the regulator as the law requires.',
      ],
    },
    {
      heading: '12. Changes to this notice',
      paragraphs: [
        `We may update this notice when our processing changes. The date at the top shows the latest revision. ${OPERATOR_NAME} will tell you about significant changes by e-mail or in the app.`,
      ],
    },
  ],
};
