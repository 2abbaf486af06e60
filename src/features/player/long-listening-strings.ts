/** The player's words for episodes, long tracks and stations (issue 49). */
export const longListeningStrings = {
  speed: 'Playback speed',
  speedChoice: (speed: number) => `${speed}x`,
  stationNowPlaying: 'Now playing on this station',
} as const;
