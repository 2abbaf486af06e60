/** Strings of the shell's own banners (the header, drawer and footer texts are in src/lib/strings/shell.ts). */
export const shellBannerStrings = {
  confirm: {
    label: 'E-mail confirmation',
    title: 'Please confirm your e-mail address.',
    // What src/app/guards.ts requireConfirmedEmail gates; album and playlist pages stay open.
    body: (email: string | undefined) =>
      `Browse, requests, uploads and your unlocked list open once you follow the link we sent ${
        email ? `to ${email}` : 'you'
      }. Album pages and playlists already work.`,
    resend: 'Resend the confirmation e-mail',
    sending: 'Sending',
    sent: 'Sent. Check your inbox (and the spam folder) for the new link.',
  },
} as const;
