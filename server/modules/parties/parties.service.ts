import { randomBytes } from 'node:crypto';
import {
  PARTY_MAX_GUESTS,
  PARTY_MAX_TRACKS,
  PARTY_SEARCH_LIMIT,
  PARTY_TOKEN_BYTES,
  PARTY_TOKEN_PATTERN,
  partyPath,
  type PartyNow,
  type PartyState,
  type PartyTrackInfo,
  type PartyVoteValue,
  type StartedParty,
} from '../../../domain/parties';
import type { PlaylistEntry } from '../../../domain/playlist';
import { loadCallerById, type Caller, type CallerDirectory } from '../../access/caller';
import {
  isPartyHost,
  mayJoinParty,
  PARTY_NOT_FOUND,
  PARTY_TRACK_NOT_FOUND,
  partyViewers,
  requireLiveParty,
  requireMayAdd,
  requireMayHost,
  requireMayJoin,
  requireNotRemoved,
  requirePartyHost,
} from '../../access/parties';
import type { Visibility } from '../../access/collections';
import { nowIso } from '../../db/database';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../errors';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { GuestRow, PartiesRepository, PartyRow } from './parties.repository';
import type { PartyFilesRepository } from './party-files.repository';
import type { PartyTracksRepository } from './party-tracks.repository';
import { guestKeyOf, sha256, toInfo, type PartyVisitor, type QueueEntries } from './party-visitor';

/** The repositories a party reads and writes (server/root hands them over). */
export interface PartyRepositories {
  parties: PartiesRepository;
  partyTracks: PartyTracksRepository;
  partyFiles: PartyFilesRepository;
}

/** A live party opened by its token, with its host and the eyes its tracks pass. */
interface OpenParty {
  party: PartyRow;
  host: Caller;
  viewers: Visibility[] | null;
}

/** What an add or a vote answers, and the guest cookie to set when one was made for it. */
export interface GuestAnswer<T> {
  answer: T;
  newGuestCookie: string | null;
}

/** Listening parties (issue 50, decision 0067): start, look, add, vote, and the host's controls. */
export class PartiesService {
  private readonly repo: PartiesRepository;
  private readonly tracks: PartyTracksRepository;
  private readonly partyFiles: PartyFilesRepository;

  constructor(
    repositories: PartyRepositories,
    private readonly queueEntries: QueueEntries,
    private readonly callers: CallerDirectory,
    private readonly limiter: RateLimiter,
    private readonly publicUrl: string,
  ) {
    this.repo = repositories.parties;
    this.tracks = repositories.partyTracks;
    this.partyFiles = repositories.partyFiles;
  }

  /** Starts a party with these tracks (the rest of the host's queue); ends the host's last one. */
  async start(caller: Caller, fileIds: number[], allowAnonymous: boolean): Promise<StartedParty> {
    requireMayHost(caller);
    const visible = await this.partyFiles.visibleAudio([...new Set(fileIds)], [caller]);
    // Each file once, in queue order: a party's list has no duplicates to vote apart.
    const tracks = [...new Set(fileIds)].filter((id) => visible.has(id));
    const now = nowIso();
    await this.repo.endLiveOf(caller.userId, now);
    const token = randomBytes(PARTY_TOKEN_BYTES).toString('base64url');
    const partyId = await this.repo.insert(caller.userId, sha256(token), allowAnonymous, now);
    await this.repo.addGuest(partyId, `u:${caller.userId}`, caller.userId, now);
    const host = await this.repo.guest(partyId, `u:${caller.userId}`);
    if (host !== undefined) await this.tracks.addTracks(partyId, tracks, host.guestId, now);
    return { partyId, token, link: `${this.publicUrl}${partyPath(token)}` };
  }

  /** GET /api/party/{token}: now playing, what comes next, my votes (the host: guests too). */
  async view(token: string, visitor: PartyVisitor): Promise<PartyState> {
    const open = await this.open(token, visitor);
    const { party, host, viewers } = open;
    requireMayJoin(visitor.caller, party);
    const hosting = isPartyHost(visitor.caller, party);
    const guest = await this.join(open, visitor, false);
    const upcoming = await this.tracks.upcoming(party.partyId, guest?.guestId ?? null);
    const fileIds = upcoming.map((t) => t.fileId);
    if (party.nowFileId !== null) fileIds.push(party.nowFileId);
    const seen = await this.seen(visitor.caller, viewers, [...new Set(fileIds)]);
    const now = party.nowFileId === null ? undefined : seen.get(party.nowFileId);
    const guests = hosting ? await this.repo.guests(party.partyId) : [];
    return {
      partyId: party.partyId,
      hostName: host.user.user_name,
      isHost: hosting,
      allowAnonymous: party.allowAnonymous,
      canAdd: mayJoinParty(visitor.caller, party) && viewers !== null,
      nowPlaying: now === undefined ? null : { ...now.info, trackId: party.nowTrackId },
      upcoming: upcoming.flatMap((track) => {
        const found = seen.get(track.fileId);
        if (found === undefined) return [];
        return [
          {
            ...found.info,
            trackId: track.trackId,
            addedBy: track.addedByUserName ?? `Guest ${track.addedBy}`,
            addedAt: track.addedAt,
            score: track.score,
            myVote: Math.sign(track.myVote) as PartyVoteValue,
            ...(hosting && found.entry !== undefined ? { entry: found.entry } : {}),
          },
        ];
      }),
      trackCount: await this.tracks.countTracks(party.partyId),
      maxTracks: PARTY_MAX_TRACKS,
      guests: guests
        .filter((g) => g.userId !== party.hostUserId)
        .map((g) => ({
          guestId: g.guestId,
          name: g.userName ?? `Guest ${g.guestId}`,
          signedIn: g.userId !== null,
          joinedAt: g.joinedAt,
          removed: g.removed,
        })),
    };
  }

  /** Tracks this visitor may add: what they and the host may both see. */
  async search(token: string, visitor: PartyVisitor, text: string): Promise<PartyTrackInfo[]> {
    const open = await this.open(token, visitor);
    requireMayJoin(visitor.caller, open.party);
    await this.join(open, visitor, false);
    return this.partyFiles.search(text, requireMayAdd(open.viewers), PARTY_SEARCH_LIMIT);
  }

  async add(
    token: string,
    visitor: PartyVisitor,
    fileId: number,
  ): Promise<GuestAnswer<{ trackId: number }>> {
    const open = await this.open(token, visitor);
    requireMayJoin(visitor.caller, open.party);
    const viewers = requireMayAdd(open.viewers);
    const { guest, newGuestCookie } = await this.participant(open, visitor);
    await this.limiter.consume('partyAddsPerGuest', `${open.party.partyId}:${guest.guestId}`);
    // A file the adder (or the host) may not see is answered like one that is not there.
    const visible = await this.partyFiles.visibleAudio([fileId], viewers);
    if (!visible.has(fileId)) throw new NotFound(PARTY_TRACK_NOT_FOUND);
    const { partyId } = open.party;
    if ((await this.tracks.countTracks(partyId)) >= PARTY_MAX_TRACKS)
      throw new BadRequest(`A party holds at most ${PARTY_MAX_TRACKS} tracks`);
    const trackId = await this.tracks.addUpcoming(partyId, fileId, guest.guestId, nowIso());
    if (trackId === null)
      throw new Conflict('That track is already coming up: vote for it instead');
    return { answer: { trackId }, newGuestCookie };
  }

  async vote(
    token: string,
    visitor: PartyVisitor,
    trackId: number,
    vote: PartyVoteValue,
  ): Promise<GuestAnswer<{ ok: true }>> {
    const open = await this.open(token, visitor);
    requireMayJoin(visitor.caller, open.party);
    const { guest, newGuestCookie } = await this.participant(open, visitor);
    await this.limiter.consume('partyVotesPerGuest', `${open.party.partyId}:${guest.guestId}`);
    const track = await this.tracks.upcomingTrack(open.party.partyId, trackId);
    if (track === undefined) throw new NotFound(PARTY_TRACK_NOT_FOUND);
    await this.tracks.vote(trackId, guest.guestId, vote, nowIso());
    return { answer: { ok: true }, newGuestCookie };
  }

  // ---- the host's controls, by party id

  async removeTrack(caller: Caller, partyId: number, trackId: number): Promise<void> {
    requirePartyHost(caller, await this.repo.find(partyId));
    if (!(await this.tracks.removeTrack(partyId, trackId)))
      throw new NotFound(PARTY_TRACK_NOT_FOUND);
  }

  async removeGuest(caller: Caller, partyId: number, guestId: number): Promise<void> {
    const party = requirePartyHost(caller, await this.repo.find(partyId));
    const guest = (await this.repo.guests(partyId)).find((g) => g.guestId === guestId);
    if (guest === undefined || guest.userId === party.hostUserId)
      throw new NotFound('Guest not found');
    await this.repo.removeGuest(partyId, guestId);
  }

  async end(caller: Caller, partyId: number): Promise<void> {
    requirePartyHost(caller, await this.repo.find(partyId));
    await this.repo.end(partyId, nowIso());
  }

  /** The host's device says what it plays; a party track it started leaves the upcoming list. */
  async reportNow(caller: Caller, partyId: number, now: PartyNow): Promise<void> {
    const party = requirePartyHost(caller, await this.repo.find(partyId));
    const track =
      now.trackId === null ? undefined : await this.tracks.upcomingTrack(partyId, now.trackId);
    if (track === undefined) {
      // Not a party track (or one already started): only what plays is recorded.
      const replay = now.trackId !== null && now.trackId === party.nowTrackId;
      if (!replay) await this.repo.setNow(partyId, now.fileId, null, nowIso());
      return;
    }
    await this.tracks.markPlayed(partyId, Number(track.track_id), nowIso());
    await this.repo.setNow(partyId, Number(track.file_id), Number(track.track_id), nowIso());
  }

  // ---- helpers

  /** The live party for this token, or one 404 for every kind of miss (misses are limited). */
  private async open(token: string, visitor: PartyVisitor): Promise<OpenParty> {
    await this.limiter.check('shareMissesPerIp', visitor.ip);
    const party = PARTY_TOKEN_PATTERN.test(token)
      ? await this.repo.findLiveByTokenHash(sha256(token))
      : undefined;
    const host = party && (await loadCallerById(this.callers, party.hostUserId));
    try {
      requireLiveParty(party, host);
    } catch (error) {
      await this.limiter.hit('shareMissesPerIp', visitor.ip);
      throw error;
    }
    if (party === undefined || host === undefined) throw new NotFound(PARTY_NOT_FOUND);
    const viewers = partyViewers(visitor.caller, host, await this.partyFiles.roleReaches());
    return { party, host, viewers };
  }

  /**
   * The visitor's participant row: a signed-in user joins on their first look; a signed-out
   * guest is looked up by their cookie (made on their first add or vote, `create`).
   */
  private async join(open: OpenParty, visitor: PartyVisitor, create: boolean) {
    const { partyId } = open.party;
    const key = guestKeyOf(visitor);
    let guest = key === null ? undefined : await this.repo.guest(partyId, key);
    if (guest === undefined && key !== null && (visitor.caller !== null || create)) {
      if ((await this.repo.countGuests(partyId)) > PARTY_MAX_GUESTS)
        throw new Forbidden('This party is full');
      await this.repo.addGuest(partyId, key, visitor.caller?.userId ?? null, nowIso());
      guest = await this.repo.guest(partyId, key);
    }
    requireNotRemoved(guest);
    return guest;
  }

  /** The participant who adds or votes; a signed-out one without a cookie gets one now. */
  private async participant(
    open: OpenParty,
    visitor: PartyVisitor,
  ): Promise<{ guest: GuestRow; newGuestCookie: string | null }> {
    let newGuestCookie: string | null = null;
    let asked = visitor;
    if (visitor.caller === null && guestKeyOf(visitor) === null) {
      newGuestCookie = randomBytes(24).toString('base64url');
      asked = { ...visitor, guestCookie: newGuestCookie };
    }
    const guest = await this.join(open, asked, true);
    if (guest === undefined) throw new NotFound(PARTY_NOT_FOUND);
    return { guest, newGuestCookie };
  }

  /**
   * These files as this viewer may see them: a signed-in viewer through the play queue's
   * entries (their own visibility; the host's carry the entry their device plays), a signed-out
   * one through the "anyone" view. Files they may not see are missing from the map.
   */
  private async seen(
    caller: Caller | null,
    viewers: Visibility[] | null,
    fileIds: number[],
  ): Promise<Map<number, { info: PartyTrackInfo; entry?: PlaylistEntry }>> {
    if (viewers === null || fileIds.length === 0) return new Map();
    if (caller !== null) {
      const entries = await this.queueEntries(caller, fileIds);
      return new Map(entries.map((entry) => [entry.file.fileId, { info: toInfo(entry), entry }]));
    }
    const infos = await this.partyFiles.info(fileIds, viewers);
    return new Map(infos.map((info) => [info.fileId, { info }]));
  }
}
