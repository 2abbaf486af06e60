import { parseOptionalLimit, parseTagList } from '../../../../domain/admin-forms';
import type {
  PaymentProvider,
  RegistrationMode,
  Settings,
  SettingsUpdate,
} from '../../../../domain/settings';
import { centsToUnits, unitsToCents } from '../../../../domain/store-forms';

export interface PostActionValues {
  name: string;
  /** JSON object text; empty means no options. */
  options: string;
}

/** What the settings screen edits, as the inputs hold it. */
export interface SettingsFormValues {
  registrations: RegistrationMode;
  multipleAccountsFromSameIp: boolean;
  defaultServer: string;
  defaultPost: PostActionValues[];
  audioGenres: string;
  collectionTags: string;
  homepageCollectionTags: string;
  streamingOnly: boolean;
  shareFullStreams: boolean;
  generatedPlaylistsUserId: string;
  randomizedPlaylistsCount: string;
  enableBrowse: boolean;
  enableRequests: boolean;
  enableStore: boolean;
  paymentProviders: PaymentProvider[];
  transcodePrice: string;
  sendDmEmails: boolean;
}

export type SettingsFieldError =
  | 'generatedPlaylistsUserId'
  | 'randomizedPlaylistsCount'
  | 'transcodePrice'
  | `defaultPost.${number}`;

export function settingsToValues(settings: Settings): SettingsFormValues {
  return {
    registrations: settings.registrations,
    multipleAccountsFromSameIp: settings.multipleAccountsFromSameIp,
    defaultServer: settings.defaultServer === null ? '' : String(settings.defaultServer),
    defaultPost: settings.defaultPost.map((action) => ({
      name: action.name,
      options: action.options === undefined ? '' : JSON.stringify(action.options),
    })),
    audioGenres: settings.audioGenres.join(', '),
    collectionTags: settings.collectionTags.join(', '),
    homepageCollectionTags: settings.homepageCollectionTags.join(', '),
    streamingOnly: settings.streamingOnly,
    shareFullStreams: settings.shareFullStreams,
    generatedPlaylistsUserId:
      settings.generatedPlaylistsUserId === null ? '' : String(settings.generatedPlaylistsUserId),
    randomizedPlaylistsCount: String(settings.randomizedPlaylistsCount),
    enableBrowse: settings.enableBrowse,
    enableRequests: settings.enableRequests,
    enableStore: settings.enableStore,
    paymentProviders: settings.paymentProviders,
    transcodePrice: centsToUnits(settings.transcodePrice),
    sendDmEmails: settings.sendDmEmails,
  };
}

function parseOptions(text: string): Record<string, unknown> | undefined | null {
  if (text.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return parsed as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The body of POST /api/settings, or the fields to mark invalid. */
export function valuesToSettings(
  values: SettingsFormValues,
): { body: SettingsUpdate; errors: [] } | { body: null; errors: SettingsFieldError[] } {
  const errors: SettingsFieldError[] = [];
  const playlistsUser = parseOptionalLimit(values.generatedPlaylistsUserId);
  if (!playlistsUser.ok) errors.push('generatedPlaylistsUserId');
  const randomized = parseOptionalLimit(values.randomizedPlaylistsCount);
  if (!randomized.ok || randomized.value === null || randomized.value > 100) {
    errors.push('randomizedPlaylistsCount');
  }
  const price = unitsToCents(values.transcodePrice);
  if (price === null) errors.push('transcodePrice');
  const defaultPost = values.defaultPost.map((action, index) => {
    const options = parseOptions(action.options);
    if (options === null) errors.push(`defaultPost.${index}`);
    return { name: action.name.trim(), ...(options ? { options } : {}) };
  });
  if (errors.length > 0 || !playlistsUser.ok || !randomized.ok || price === null) {
    return { body: null, errors };
  }
  return {
    body: {
      registrations: values.registrations,
      multipleAccountsFromSameIp: values.multipleAccountsFromSameIp,
      defaultServer: values.defaultServer === '' ? null : Number(values.defaultServer),
      defaultPost: defaultPost.filter((action) => action.name !== ''),
      audioGenres: parseTagList(values.audioGenres),
      collectionTags: parseTagList(values.collectionTags),
      homepageCollectionTags: parseTagList(values.homepageCollectionTags),
      streamingOnly: values.streamingOnly,
      shareFullStreams: values.shareFullStreams,
      generatedPlaylistsUserId: playlistsUser.value,
      randomizedPlaylistsCount: randomized.value ?? 0,
      enableBrowse: values.enableBrowse,
      enableRequests: values.enableRequests,
      enableStore: values.enableStore,
      paymentProviders: values.paymentProviders,
      transcodePrice: price,
      sendDmEmails: values.sendDmEmails,
    },
    errors: [],
  };
}
