/** The queue dialog's listening party (issue 50). */
export const partyStrings = {
  title: 'Listening party',
  intro: 'Guests with the link add tracks and vote; this device plays the highest votes first.',
  allowAnonymous: 'Let signed-out guests join',
  start: 'Start a party',
  starting: 'Starting…',
  on: 'Your party is on. Share this link:',
  copy: 'Copy link',
  copied: 'Party link copied',
  open: 'Open the party page',
  end: 'End party',
  failed: 'The party could not be started',
};
