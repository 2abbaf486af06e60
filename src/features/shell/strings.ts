/** Strings of the shell's own banners (the header, drawer and footer texts are in src/lib/strings/shell.ts). */
export const shellBannerStrings = {
  confirm: {
    label: 'E-mail confirmation',
    title: 'Please confirm your e-mail address.',
    body: (email: string | undefined) =>
      email
        ? `Browse, collections and requests open once you follow the link we sent to ${email}.`
        : 'Browse, collections and requests open once you follow the link we sent you.',
    resend: 'Resend the confirmation e-mail',
    sending: 'Sending',
    sent: 'Sent. Check your inbox (and the spam folder) for the new link.',
  },
} as const;
