import { requiredParam, type SubsonicCalls, type SubsonicParams } from './subsonic-call';
import { SubsonicError } from './subsonic-call';

function stationIdOf(params: SubsonicParams): number {
  const raw = requiredParam(params, 'id');
  if (!/^\d{1,15}$/.test(raw)) throw new SubsonicError(70, 'Not found');
  return Number(raw);
}

/** An optional text parameter: absent stays absent, empty clears (homepageUrl). */
const optional = (params: SubsonicParams, name: string): string | undefined => params.get(name);

/**
 * Internet radio's /rest calls (issue 49). Subsonic apps play `streamUrl` themselves, so they
 * receive the station's address (the web app plays through the server's relay instead);
 * changes are administrators' only (50 otherwise), as on /api/radio_station.
 */
export const radioStationCalls: SubsonicCalls = {
  async getInternetRadioStations(ctx) {
    const stations = await ctx.deps.services.radioStations.listForApps();
    return {
      internetRadioStations: {
        internetRadioStation: stations.map((s) => ({
          id: String(s.station_id),
          name: s.name,
          streamUrl: s.stream_url,
          ...(s.homepage_url ? { homePageUrl: s.homepage_url } : {}),
        })),
      },
    };
  },

  async createInternetRadioStation(ctx) {
    await ctx.deps.services.radioStations.create(ctx.caller, {
      name: requiredParam(ctx.params, 'name').slice(0, 200),
      streamUrl: requiredParam(ctx.params, 'streamUrl').slice(0, 2000),
      homepageUrl: optional(ctx.params, 'homepageUrl') || null,
    });
    return {};
  },

  async updateInternetRadioStation(ctx) {
    await ctx.deps.services.radioStations.update(ctx.caller, stationIdOf(ctx.params), {
      name: requiredParam(ctx.params, 'name').slice(0, 200),
      streamUrl: requiredParam(ctx.params, 'streamUrl').slice(0, 2000),
      homepageUrl: optional(ctx.params, 'homepageUrl') || null,
    });
    return {};
  },

  async deleteInternetRadioStation(ctx) {
    await ctx.deps.services.radioStations.remove(ctx.caller, stationIdOf(ctx.params));
    return {};
  },
};
