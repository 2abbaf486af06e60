/** Long enough for "artist A|artist B|… (FLAC|WEB)" lists, short enough to review at a glance. */
export const MAX_TITLE_REGEX_LENGTH = 200;
/** Feed titles are cut to this before matching, which also bounds the matcher's work. */
export const MAX_TITLE_LENGTH = 500;

// A group that repeats something and is itself repeated ("(a+)+", "(\w*)*", "(x{2,})+") is the
// shape of catastrophic backtracking; JavaScript's engine has no time limit, so such patterns
// are refused up front rather than left to stall the poller.
const NESTED_REPETITION =
  /\((?:[^()\\]|\\.)*(?:[+*]|\{\d+,\d*\})(?:[^()\\]|\\.)*\)(?:[+*]|\{\d+,\d*\})/;

/** The problem with a feed's title pattern, or null when it can be used. */
export function validateTitleRegex(pattern: string): string | null {
  if (pattern.length > MAX_TITLE_REGEX_LENGTH)
    return `title pattern is longer than ${MAX_TITLE_REGEX_LENGTH} characters`;
  if (NESTED_REPETITION.test(pattern))
    return 'title pattern repeats a group that itself repeats (like "(a+)+"): it could hang the feed check';
  try {
    new RegExp(pattern, 'i');
  } catch (error) {
    const detail =
      error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : '';
    return `title pattern is not a valid regular expression: ${detail}`;
  }
  return null;
}

/**
 * The matcher for a feed's titles: case-insensitive (feeds spell "FLAC", "Flac" and "flac"),
 * or null when the feed has no pattern and every item matches. Throws the readable problem.
 */
export function compileTitleRegex(pattern: string | null): RegExp | null {
  if (pattern === null || pattern.trim() === '') return null;
  const problem = validateTitleRegex(pattern);
  if (problem) throw new Error(problem);
  return new RegExp(pattern, 'i');
}
