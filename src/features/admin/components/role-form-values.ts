import {
  bytesPerSecondToKbps,
  kbpsToBytesPerSecond,
  limitToText,
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
] as const;
export type RoleFlag = (typeof ROLE_FLAGS)[number];

export interface RoleFormValues extends Record<RoleFlag, boolean> {
  roleName: string;
  speedKbps: string;
  downloadLimit: string;
  requestLimit: string;
  blacklistedTags: string[];
}
export type RoleNumberField = 'speedKbps' | 'downloadLimit' | 'requestLimit';

export const NEW_ROLE_VALUES: RoleFormValues = {
  roleName: '',
  speedKbps: '',
  downloadLimit: '',
  requestLimit: '',
  blacklistedTags: [],
  roleCanUpload: false,
  roleTranscode: false,
  roleVip: false,
  roleDownloadPaid: false,
  roleEnableBrowse: true,
  roleEnableRequests: true,
  roleEnableStore: true,
};

export function roleToValues(role: Role): RoleFormValues {
  return {
    roleName: role.roleName,
    speedKbps: bytesPerSecondToKbps(role.roleSpeedLimit),
    downloadLimit: limitToText(role.roleDownloadLimit),
    requestLimit: limitToText(role.roleRequestLimit),
    blacklistedTags: role.roleBlacklistedTags,
    roleCanUpload: role.roleCanUpload,
    roleTranscode: role.roleTranscode,
    roleVip: role.roleVip,
    roleDownloadPaid: role.roleDownloadPaid,
    roleEnableBrowse: role.roleEnableBrowse,
    roleEnableRequests: role.roleEnableRequests,
    roleEnableStore: role.roleEnableStore,
  };
}

/** The wire body, or the number fields that are not whole numbers. */
export function valuesToRoleInput(
  values: RoleFormValues,
): { body: RoleInput; invalid: [] } | { body: null; invalid: RoleNumberField[] } {
  const speed = kbpsToBytesPerSecond(values.speedKbps);
  const downloads = parseOptionalLimit(values.downloadLimit);
  const requests = parseOptionalLimit(values.requestLimit);
  if (!speed.ok || !downloads.ok || !requests.ok) {
    const invalid: RoleNumberField[] = [];
    if (!speed.ok) invalid.push('speedKbps');
    if (!downloads.ok) invalid.push('downloadLimit');
    if (!requests.ok) invalid.push('requestLimit');
    return { body: null, invalid };
  }
  const flags = Object.fromEntries(ROLE_FLAGS.map((flag) => [flag, values[flag]]));
  return {
    body: {
      roleName: values.roleName.trim(),
      roleSpeedLimit: speed.value,
      roleDownloadLimit: downloads.value,
      roleRequestLimit: requests.value,
      roleBlacklistedTags: values.blacklistedTags,
      ...flags,
    },
    invalid: [],
  };
}
