import type { LegalDocument } from './types';
import {
  CONTACT_PAGE,
  count,
  LEGAL_UPDATED,
  OPERATOR_DESCRIPTION,
  SELF_HOSTING_NOTE,
  SERVICE_NAME,
  SESSION_COOKIE_DAYS,
  SESSION_COOKIE_NAME,
  THEME_STORAGE_KEY,
  VOLUME_STORAGE_KEY,
  XSRF_COOKIE_NAME,
} from './legal-terms';

export const cookiePolicy: LegalDocument = {
  slug: 'cookie-policy',
  title: 'Cookie Policy',
  updated: LEGAL_UPDATED,
  intro: `This policy explains which cookies and other browser storage ${SERVICE_NAME} uses and why. In short: we store only what the app needs to sign you in, keep your session safe, remember your theme and volume, and work offline. We use no advertising, analytics or other third-party tracking.`,
  sections: [
    {
      heading: '1. Who we are',
      paragraphs: [
        `${SERVICE_NAME} is operated by ${OPERATOR_DESCRIPTION}. This policy should be read together with our Privacy Notice.`,
        SELF_HOSTING_NOTE,
      ],
    },
    {
      heading: '2. What cookies and browser storage are',
      paragraphs: [
        'Cookies are small text files that a website asks your browser to keep and send back with later requests. Browsers also offer other ways for a web app to store information on your device: local storage for small settings, and IndexedDB and Cache Storage for larger data such as app files. This policy covers all of them.',
      ],
    },
    {
      heading: '3. Cookies we set',
      paragraphs: [
        `"${SESSION_COOKIE_NAME}": keeps you signed in. It holds a random session identifier, is marked httpOnly so that scripts in the page cannot read it, and is sent only to our own server. It expires after ${count(SESSION_COOKIE_DAYS, 'day')}, or earlier when you sign out.`,
        `"${XSRF_COOKIE_NAME}": an anti-forgery token. The app copies it into each request that changes something, so that our server can check the request really came from ${SERVICE_NAME} and not from another site acting in your name (cross-site request forgery). It contains a random value and no information about you.`,
        'Both cookies are strictly necessary: the service cannot work securely without them, so they are set without asking for consent, as UK law (the Privacy and Electronic Communications Regulations) allows.',
      ],
    },
    {
      heading: '4. Local storage',
      paragraphs: [
        `"${THEME_STORAGE_KEY}": remembers whether you chose the dark theme (the default) or the light theme.`,
        `"${VOLUME_STORAGE_KEY}": remembers the volume you set in the player, so that it is the same next time.`,
        'These values stay on your device; they are not sent to our server and are not used to identify you.',
      ],
    },
    {
      heading: '5. Offline storage',
      paragraphs: [
        `${SERVICE_NAME} is an installable web app. A background worker (service worker) uses Cache Storage to keep the files of the app itself, and IndexedDB and Cache Storage to keep data you have already loaded, so that pages open quickly and parts of the app keep working when you are offline or on a poor connection.`,
        'This data is stored only on your device and is used only by the app. It is refreshed when you are online and is removed when you clear the site data in your browser.',
      ],
    },
    {
      heading: '6. No third-party tracking',
      paragraphs: [
        `${SERVICE_NAME} does not use advertising cookies, analytics services, social media pixels or any other third-party tracking, and we do not let third parties place cookies through our pages.`,
        "When you pay through an external provider such as Stripe or Sellix, you are taken to that provider's own checkout page, which may set its own cookies under its own cookie policy.",
      ],
    },
    {
      heading: '7. Managing cookies and storage',
      paragraphs: [
        'You can see and delete cookies and site data in your browser settings. If you block or delete the session or anti-forgery cookie you will be signed out and will not be able to sign in again until you allow them. If you clear local storage or offline storage, your theme and volume return to their defaults and offline data is downloaded again when needed.',
      ],
    },
    {
      heading: '8. Changes and questions',
      paragraphs: [
        `If we start using any new cookie or storage, we will update this policy before we do, and ask for your consent where the law requires it. Questions can be sent through ${CONTACT_PAGE}.`,
      ],
    },
  ],
};
