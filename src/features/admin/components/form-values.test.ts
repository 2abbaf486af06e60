import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../../domain/settings';
import { NEW_ROLE_VALUES, valuesToRoleInput } from './role-form-values';
import { settingsToValues, valuesToSettings } from './settings-form-values';

describe('the role form', () => {
  it('sends kbps x1000 and empty limits as unset', () => {
    const result = valuesToRoleInput({
      ...NEW_ROLE_VALUES,
      roleName: ' Listener ',
      speedKbps: '256',
      downloadLimit: '',
      requestLimit: '3',
    });
    expect(result.body).toMatchObject({
      roleName: 'Listener',
      roleSpeedLimit: 256000,
      roleDownloadLimit: null,
      roleRequestLimit: 3,
      roleEnableStore: true,
    });
  });

  it('sends the libraries as chosen: null for all (later ones too), else the list', () => {
    expect(valuesToRoleInput({ ...NEW_ROLE_VALUES, roleName: 'X' }).body?.roleLibraries).toBe(null);
    const some = valuesToRoleInput({ ...NEW_ROLE_VALUES, roleName: 'X', libraries: [1] });
    expect(some.body?.roleLibraries).toEqual([1]);
  });

  it('names the number fields that are not whole numbers', () => {
    const result = valuesToRoleInput({ ...NEW_ROLE_VALUES, roleName: 'X', speedKbps: '1.5' });
    expect(result).toEqual({ body: null, invalid: ['speedKbps'] });
  });
});

const SETTINGS: Settings = {
  registrations: 'open',
  defaultServer: null,
  defaultPost: [{ name: 'move', options: { to: 'x' } }],
  audioGenres: ['Jazz'],
  collectionTags: ['New', 'Club'],
  streamingOnly: false,
  multipleAccountsFromSameIp: true,
  sendDmEmails: false,
  generatedPlaylistsUserId: null,
  randomizedPlaylistsCount: 5,
  paymentProviders: ['balance'],
  homepageCollectionTags: ['New'],
  enableBrowse: true,
  enableRequests: true,
  enableStore: true,
  downloaderDefaults: {},
  transcodePrice: 150,
  defaultRoleId: 1,
  resetRequestsSchedule: 'off',
  resetDownloadsSchedule: 'weekly',
  shareFullStreams: false,
};

describe('the settings form', () => {
  it('shows the price in units and sends it back in cents, unchanged otherwise', () => {
    const values = settingsToValues(SETTINGS);
    expect(values.transcodePrice).toBe('1.50');
    // The schedules have their own panel beside the tasks.
    const {
      downloaderDefaults: _d,
      defaultRoleId: _r,
      resetRequestsSchedule: _q,
      resetDownloadsSchedule: _w,
      ...rest
    } = SETTINGS;
    expect(valuesToSettings(values).body).toEqual(rest);
  });

  it('refuses options that are not a JSON object and a price with three decimals', () => {
    const values = settingsToValues(SETTINGS);
    const result = valuesToSettings({
      ...values,
      transcodePrice: '1.505',
      defaultPost: [{ name: 'move', options: '[1]' }],
    });
    expect(result).toEqual({ body: null, errors: ['transcodePrice', 'defaultPost.0'] });
  });
});
