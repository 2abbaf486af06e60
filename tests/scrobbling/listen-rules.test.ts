import { describe, expect, it } from 'vitest';
import { countsAsListen, worthReporting } from '../../domain/scrobbling';

const MIN = 60_000;

describe('countsAsListen', () => {
  it('ListenBrainz: half the track or 4 minutes, whichever comes first', () => {
    expect(countsAsListen('listenbrainz', 4_000, 8_000)).toBe(true);
    expect(countsAsListen('listenbrainz', 3_999, 8_000)).toBe(false);
    expect(countsAsListen('listenbrainz', 4 * MIN, 20 * MIN)).toBe(true);
    expect(countsAsListen('listenbrainz', 4 * MIN - 1, 20 * MIN)).toBe(false);
  });

  it('Last.fm: the same rule, for tracks over 30 seconds only', () => {
    expect(countsAsListen('lastfm', 30_000, 30_000)).toBe(false);
    expect(countsAsListen('lastfm', 15_500, 31_000)).toBe(true);
    expect(countsAsListen('lastfm', 15_499, 31_000)).toBe(false);
    expect(countsAsListen('lastfm', null, 20_000)).toBe(false);
  });

  it("trusts a Subsonic app's own judgement (no played time), and needs 4 minutes of an unknown length", () => {
    expect(countsAsListen('listenbrainz', null, 8_000)).toBe(true);
    expect(countsAsListen('listenbrainz', 3 * MIN, 0)).toBe(false);
    expect(countsAsListen('listenbrainz', 4 * MIN, 0)).toBe(true);
  });

  it('the web app reports a play that counts for at least one service', () => {
    expect(worthReporting(4_000, 8_000)).toBe(true);
    expect(worthReporting(3_000, 8_000)).toBe(false);
  });
});
