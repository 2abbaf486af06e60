import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest; vite-plugin-pwa writes it as /manifest.webmanifest and links it. */
export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Musicbox',
  short_name: 'Musicbox',
  description: 'Your music library and store: stream, buy and download, online or offline.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#111111',
  background_color: '#111111',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // Richer install UI in Chromium: one phone-sized and one desktop-sized screenshot.
  screenshots: [
    {
      src: '/screenshots/narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'The library and the player on a phone',
    },
    {
      src: '/screenshots/wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'The library and the player on a desktop',
    },
  ],
  categories: ['music', 'entertainment'],
};
