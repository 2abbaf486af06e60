/** Spec part 1, section 9: the full-screen player is for screens 1012 px wide or less. */
export const FULL_SCREEN_QUERY = '(max-width: 1012px)';
