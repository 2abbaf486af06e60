import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Station, StationInput, StationUpdate } from '../../../domain/radio-stations';
import type { Caller } from '../../access/caller';
import { requireAdmin } from '../../access/caller';
import { managesStations } from '../../access/podcasts';
import { nowIso } from '../../db/database';
import { BadGateway, BadRequest, NotFound } from '../../errors';
import { FetchFailed, FetchRefused, guardedRequest } from '../../net/guarded-fetch';
import { IcyStripper } from './icy-metadata';
import type { RadioStationsRepository, StationRow } from './radio-stations.repository';
import { resolveStation } from './station-playlist';

/** Titles kept in memory per station: the last one each relay saw. */
const MAX_TITLES = 1000;
/** Largest metadata interval taken from a station (Icecast uses 16000, SHOUTcast 8192). */
const MAX_METAINT = 1 << 20;

/**
 * Internet radio (issue 49). Administrators add, change and remove stations (the address
 * checked, a .pls/.m3u resolved to its stream); every signed-in user lists and plays them. The
 * server relays the stream (an http station plays on an https site; the address stays here),
 * asking for ICY metadata, taking it out of the audio and keeping the current title.
 */
export class RadioStationsService {
  private readonly titles = new Map<number, string>();

  constructor(private readonly repos: { radioStations: RadioStationsRepository }) {}

  private get repo() {
    return this.repos.radioStations;
  }

  async list(caller: Caller): Promise<Station[]> {
    const rows = await this.repo.list();
    return rows.map((row) => toStation(row, managesStations(caller)));
  }

  /** Subsonic apps play the station's address themselves (getInternetRadioStations). */
  listForApps(): Promise<StationRow[]> {
    return this.repo.list();
  }

  private async resolve(address: string): Promise<string> {
    try {
      return (await resolveStation(address)).url;
    } catch (error) {
      throw new BadRequest((error as Error).message);
    }
  }

  async create(caller: Caller, input: StationInput): Promise<{ stationId: number }> {
    requireAdmin(caller);
    const streamUrl = await this.resolve(input.streamUrl);
    const stationId = await this.repo.insert({
      name: input.name,
      stream_url: streamUrl,
      homepage_url: checkedHomepage(input.homepageUrl),
      created_at: nowIso(),
    });
    return { stationId };
  }

  async update(caller: Caller, stationId: number, input: StationUpdate): Promise<void> {
    requireAdmin(caller);
    if (!(await this.repo.find(stationId))) throw new NotFound('Station not found');
    const set = {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.homepageUrl === undefined
        ? {}
        : { homepage_url: checkedHomepage(input.homepageUrl) }),
      ...(input.streamUrl === undefined ? {} : { stream_url: await this.resolve(input.streamUrl) }),
    };
    if (Object.keys(set).length > 0) await this.repo.update(stationId, set);
  }

  async remove(caller: Caller, stationId: number): Promise<void> {
    requireAdmin(caller);
    if (!(await this.repo.delete(stationId))) throw new NotFound('Station not found');
    this.titles.delete(stationId);
  }

  async nowPlaying(stationId: number): Promise<{ title: string | null }> {
    if (!(await this.repo.find(stationId))) throw new NotFound('Station not found');
    return { title: this.titles.get(stationId) ?? null };
  }

  /** Relays the station; the upstream connection closes when the listener leaves. */
  async stream(request: FastifyRequest, reply: FastifyReply, stationId: number): Promise<void> {
    const station = await this.repo.find(stationId);
    if (!station) throw new NotFound('Station not found');
    const controller = new AbortController();
    request.raw.on('close', () => controller.abort());
    let upstream;
    try {
      ({ response: upstream } = await guardedRequest(station.stream_url, {
        what: 'station',
        signal: controller.signal,
        headers: { 'icy-metadata': '1' },
      }));
    } catch (error) {
      if (error instanceof FetchRefused || error instanceof FetchFailed)
        throw new BadGateway(error.message);
      throw error;
    }
    // A station that stops sending is ended rather than held open forever.
    upstream.setTimeout(30_000, () => upstream.destroy(new Error('station stopped sending')));
    const metaint = Number(upstream.headers['icy-metaint'] ?? 0);
    const type = upstream.headers['content-type'];
    reply.header(
      'content-type',
      typeof type === 'string' && type.startsWith('audio/') ? type : 'audio/mpeg',
    );
    reply.header('cache-control', 'no-store');
    const name = upstream.headers['icy-name'];
    if (typeof name === 'string')
      reply.header('x-station-name', encodeURIComponent(name.slice(0, 200)));
    if (!(Number.isInteger(metaint) && metaint > 0 && metaint <= MAX_METAINT)) {
      await reply.send(upstream);
      return;
    }
    const stripper = new IcyStripper(metaint, (title) => this.remember(stationId, title));
    upstream.on('error', (error) => stripper.destroy(error));
    stripper.on('close', () => upstream.destroy());
    await reply.send(upstream.pipe(stripper));
  }

  private remember(stationId: number, title: string): void {
    if (!this.titles.has(stationId) && this.titles.size >= MAX_TITLES) this.titles.clear();
    this.titles.set(stationId, title);
  }
}

function checkedHomepage(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // Answered below.
  }
  throw new BadRequest('homepageUrl must be an http or https address');
}

function toStation(row: StationRow, admin: boolean): Station {
  return {
    stationId: row.station_id,
    name: row.name,
    homepageUrl: row.homepage_url,
    ...(admin ? { streamUrl: row.stream_url } : {}),
  };
}
