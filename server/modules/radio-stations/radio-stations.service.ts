import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Station, StationInput, StationUpdate } from '../../../domain/radio-stations';
import type { Caller } from '../../access/caller';
import { requireAdmin } from '../../access/caller';
import { managesStations } from '../../access/podcasts';
import { nowIso } from '../../db/database';
import { BadGateway, BadRequest, NotFound } from '../../errors';
import { FetchFailed, FetchRefused, guardedRequest } from '../../net/guarded-fetch';
import { HlsRefused, openHlsStream } from './hls-relay';
import { IcyStripper } from './icy-metadata';
import { freshTitle, NowPlayingWriter } from './now-playing';
import type { RadioStationsRepository, StationRow } from './radio-stations.repository';
import { isHls, resolveStation } from './station-playlist';

/** An HLS playlist the relay reads before it knows it is one; a playlist is far smaller. */
const PLAYLIST_MAX_BYTES = 1024 * 1024;
const HLS_TYPES = /mpegurl/i;
/** Largest metadata interval taken from a station (Icecast uses 16000, SHOUTcast 8192). */
const MAX_METAINT = 1 << 20;

/**
 * Internet radio (issue 49). Administrators add, change and remove stations (the address
 * checked, a .pls/.m3u resolved to its stream); every signed-in user lists and plays them. The
 * server relays the stream (an http station plays on an https site; the address stays here),
 * asking for ICY metadata, taking it out of the audio and keeping the current title.
 */
export class RadioStationsService {
  private readonly titles: NowPlayingWriter;

  constructor(
    private readonly repos: { radioStations: RadioStationsRepository },
    onError: (error: unknown) => void = () => undefined,
  ) {
    this.titles = new NowPlayingWriter(
      (stationId, title, at) => this.repo.setNowPlaying(stationId, title, at),
      onError,
    );
  }

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
    this.titles.forget(stationId);
  }

  /** The title a relay on any app server read lately (now-playing.ts), or null. */
  async nowPlaying(stationId: number): Promise<{ title: string | null }> {
    const station = await this.repo.find(stationId);
    if (!station) throw new NotFound('Station not found');
    return { title: freshTitle(station) };
  }

  /** Relays the station; the upstream connection closes when the listener leaves. */
  async stream(request: FastifyRequest, reply: FastifyReply, stationId: number): Promise<void> {
    const station = await this.repo.find(stationId);
    if (!station) throw new NotFound('Station not found');
    const controller = new AbortController();
    request.raw.on('close', () => controller.abort());
    let upstream;
    let url: URL;
    try {
      ({ response: upstream, url } = await guardedRequest(station.stream_url, {
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
    const type = upstream.headers['content-type'] ?? '';
    if (HLS_TYPES.test(type) || /\.m3u8$/i.test(url.pathname)) {
      await this.sendHls(reply, upstream, url.href, controller.signal);
      return;
    }
    const metaint = Number(upstream.headers['icy-metaint'] ?? 0);
    reply.header('content-type', type.startsWith('audio/') ? type : 'audio/mpeg');
    reply.header('cache-control', 'no-store');
    const name = upstream.headers['icy-name'];
    if (typeof name === 'string')
      reply.header('x-station-name', encodeURIComponent(name.slice(0, 200)));
    if (!(Number.isInteger(metaint) && metaint > 0 && metaint <= MAX_METAINT)) {
      await reply.send(upstream);
      return;
    }
    const stripper = new IcyStripper(metaint, (title) => this.titles.heard(stationId, title));
    upstream.on('error', (error) => stripper.destroy(error));
    stripper.on('close', () => upstream.destroy());
    await reply.send(upstream.pipe(stripper));
  }

  /** An HLS station (hls-relay.ts): its playlist read here, then relayed as one stream. */
  private async sendHls(
    reply: FastifyReply,
    upstream: IncomingMessage,
    playlistUrl: string,
    signal: AbortSignal,
  ): Promise<void> {
    let hls;
    try {
      const text = await readCapped(upstream, PLAYLIST_MAX_BYTES);
      if (!isHls(text)) throw new FetchFailed('station playlist is not an HLS playlist');
      hls = await openHlsStream(text, playlistUrl, signal);
    } catch (error) {
      if (error instanceof FetchRefused || error instanceof FetchFailed)
        throw new BadGateway(error.message);
      if (error instanceof HlsRefused) throw new BadGateway(error.message);
      throw error;
    }
    reply.header('content-type', hls.type);
    reply.header('cache-control', 'no-store');
    await reply.send(hls.body);
  }
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new FetchFailed('station playlist is larger than 1 MB');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
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
