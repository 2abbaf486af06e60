import {
  bytesPerSecondToKbps,
  bytesToMegabytes,
  kbpsToBytesPerSecond,
  limitToText,
  megabytesToBytes,
  parseOptionalLimit,
} from '../../../../domain/admin-forms';
import type { Role, RoleInput } from '../../../../domain/role';

export const ROLE_FLAGS = [
  'roleCanUpload',
  'roleTranscode',
  'roleVip',
  'roleDownloadPaid',
  'roleEnableBrowse',
  'roleEnableRequests',
  'roleEnableStore',
  'rolePodcasts',
] as const;
export type RoleFlag = (typeof ROLE_FLAGS)[number];

export interface RoleFormValues extends Record<RoleFlag, boolean> {
  roleName: string;
  speedKbps: string;
  downloadLimit: string;
  requestLimit: string;
  uploadLimitMb: string;
  blacklistedTags: string[];
  /** The libraries its members see; null is every library, including ones added later. */
  libraries: number[] | null;
}
export type RoleNumberField = 'speedKbps' | 'downloadLimit' | 'requestLimit' | 'uploadLimitMb';

export const NEW_ROLE_VALUES: RoleFormValues = {
  roleName: '',
  speedKbps: '',
  downloadLimit: '',
  requestLimit: '',
  uploadLimitMb: '',
  blacklistedTags: [],
  libraries: null,
  roleCanUpload: false,
  roleTranscode: false,
  roleVip: false,
  roleDownloadPaid: false,
  roleEnableBrowse: true,
  roleEnableRequests: true,
  roleEnableStore: true,
  rolePodcasts: true,
};

export function roleToValues(role: Role): RoleFormValues {
  return {
    roleName: role.roleName,
    speedKbps: bytesPerSecondToKbps(role.roleSpeedLimit),
    downloadLimit: limitToText(role.roleDownloadLimit),
    requestLimit: limitToText(role.roleRequestLimit),
    uploadLimitMb: bytesToMegabytes(role.roleUploadLimit),
    blacklistedTags: role.roleBlacklistedTags,
    libraries: role.roleLibraries,
    roleCanUpload: role.roleCanUpload,
    roleTranscode: role.roleTranscode,
    roleVip: role.roleVip,
    roleDownloadPaid: role.roleDownloadPaid,
    roleEnableBrowse: role.roleEnableBrowse,
    roleEnableRequests: role.roleEnableRequests,
    roleEnableStore: role.roleEnableStore,
    rolePodcasts: role.rolePodcasts,
  };
}

/** The wire body, or the number fields that are not whole numbers. */
export function valuesToRoleInput(
  values: RoleFormValues,
): { body: RoleInput; invalid: [] } | { body: null; invalid: RoleNumberField[] } {
  const speed = kbpsToBytesPerSecond(values.speedKbps);
  const downloads = parseOptionalLimit(values.downloadLimit);
  const requests = parseOptionalLimit(values.requestLimit);
  const uploads = megabytesToBytes(values.uploadLimitMb);
  if (!speed.ok || !downloads.ok || !requests.ok || !uploads.ok) {
    const invalid: RoleNumberField[] = [];
    if (!speed.ok) invalid.push('speedKbps');
    if (!downloads.ok) invalid.push('downloadLimit');
    if (!requests.ok) invalid.push('requestLimit');
    if (!uploads.ok) invalid.push('uploadLimitMb');
    return { body: null, invalid };
  }
  const flags = Object.fromEntries(ROLE_FLAGS.map((flag) => [flag, values[flag]]));
  return {
    body: {
      roleName: values.roleName.trim(),
      roleSpeedLimit: speed.value,
      roleDownloadLimit: downloads.value,
      roleRequestLimit: requests.value,
      roleUploadLimit: uploads.value,
      roleBlacklistedTags: values.blacklistedTags,
      roleLibraries: values.libraries,
      ...flags,
    },
    invalid: [],
  };
}
