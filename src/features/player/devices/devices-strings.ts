/** The words of the Devices dialog (issue 50). */
export const devicesStrings = {
  devices: 'Devices',
  title: 'Your devices',
  thisDevice: 'This device',
  nothing: 'Nothing playing',
  paused: 'Paused',
  playing: 'Playing',
  noOthers:
    'No other device is online. Open Musicbox on another device, signed in as you, to see it here.',
  failed: 'The list of devices could not be loaded.',
  play: (name: string) => `Play on ${name}`,
  pause: (name: string) => `Pause ${name}`,
  next: (name: string) => `Next track on ${name}`,
  previous: (name: string) => `Previous track on ${name}`,
  seek: (name: string) => `Position on ${name}`,
  volume: (name: string) => `Volume of ${name}`,
  playHere: 'Play here',
  playHereLabel: (name: string) => `Play here what ${name} plays`,
  rename: 'Rename',
  renameLabel: 'Name of this device',
  save: 'Save',
  offline: 'Offline',
  playingOn: (device: string, title: string | null) =>
    title === null ? `Playing on ${device}` : `Playing on ${device}: ${title}`,
};
