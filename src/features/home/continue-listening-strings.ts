/** Home's "Continue listening" row (issue 49). */
export const continueStrings = {
  title: 'Continue listening',
  /** Read before a card's text: "Resume: Long talk, E2E Show, 1:00 of 1:30". */
  resume: 'Resume:',
  progress: (at: string, of: string | null) => (of ? `${at} of ${of}` : `At ${at}`),
  gone: 'That recording is no longer there to play.',
} as const;
