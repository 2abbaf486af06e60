import { countOf } from '../../../domain/format';

/** Shell strings: header, account menu, drawer, footer and errors. */
export const shellStrings = {
  appName: 'Musicbox',

  /** The footer reads "© 2026 Musicbox"; the product name is a button showing the build time. */
  copyrightPrefix: '\u00a9 2026',

  buildAlert: (buildTime: string) => `Musicbox build ${buildTime}`,

  errors: {
    generic: 'An error occurred',
    loginRequired: 'Please login to access this page!',
    confirmEmailFirst: 'You need to confirm your email first!',
    requestFailed: 'Your request has failed to be processed',
    unexpectedResponse: 'Unexpected response from the server',
    network: 'The server could not be reached',
    /** An upload whose connection dropped part way (XMLHttpRequest's error event). */
    connectionLost: 'The connection was lost',
    appLoad: 'Musicbox could not load. Check the connection and reload the page.',
  },

  header: {
    toggleDrawer: 'Toggle menu',
    toggleDarkMode: 'Toggle dark mode',
    search: 'Search',
    searchPlaceholder: 'Search the library',
    clearSearch: 'Clear',
    searchButton: 'Search',
    account: 'Account',
    unreadMessages: (n: number) => countOf(n, 'unread message'),
    login: 'Login',
    logo: 'Musicbox',
  },

  accountMenu: {
    myAccount: 'My account',
    messages: 'Messages',
    userUpload: 'Upload your music',
    role: 'Role',
    expires: 'Expires',
    never: 'never',
    balance: 'Balance',
    downloads: 'Downloads',
    requests: 'Requests',
    speed: 'Speed',
    logout: 'Logout',
  },

  drawer: {
    label: 'Main',
    home: 'Home',
    browse: 'Browse',
    requests: 'Requests',
    playlists: 'Playlists',
    favourites: 'Favourites',
    upload: 'Upload',
    userUpload: 'Upload your music',
    store: 'Store',
    support: 'Support',
    adminHeading: 'Administration',
    roles: 'Roles',
    servers: 'Servers',
    users: 'Users',
    settings: 'Settings',
    comments: 'Comments',
    transactions: 'Transactions',
  },

  footer: {
    label: 'Legal',
    tos: 'Terms of service',
    privacy: 'Privacy notice',
    cookies: 'Cookie policy',
    dataProcessing: 'Data processing',
    dmca: 'DMCA',
    contact: 'Contact',
  },

  notFound: {
    title: 'Page not found',
    body: 'The page you are looking for does not exist.',
    home: 'Go to the home page',
  },

  /** A screen whose code or data could not be fetched. */
  pageError: {
    title: 'This page could not load',
    body: 'Something went wrong while opening this page. Try again, or reload the page.',
    offline:
      'You are offline and this page has not been saved on this device yet. It opens by itself when the connection returns.',
    retry: 'Try again',
  },

  loading: 'Loading',
} as const;
