import { DataList, Stack, Text } from '@chakra-ui/react';
import type { Role } from '../../../../domain/role';
import type { User } from '../../../../domain/user';
import { formatDate, formatMoney } from '../../../../domain/format';
import { genderLabel } from '../../../../domain/profile-form';
import { usersStrings } from '../strings';
import { ProfileSection } from './profile-section';

const t = usersStrings.profile;

const limit = (value: number | null | undefined): string =>
  value === null ? t.unlimited : String(value ?? t.notGiven);

/** What the profile says about the user; private rows only when the server sent them. */
export function ProfileDetails({ user, role }: { user: User; role: Role }) {
  const socials = Object.entries(user.userSocials).filter(([, value]) => Boolean(value));
  const rows: Array<[string, string]> = [
    [t.fullName, user.userFullName ?? t.notGiven],
    [t.age, user.userAge === null ? t.notGiven : String(user.userAge)],
    [t.gender, genderLabel(user.userGender)],
    [t.country, user.userCountry ?? t.notGiven],
    [t.role, role.roleName],
    [t.roleExpires, user.roleExpiration ? formatDate(user.roleExpiration) : t.never],
    [t.registered, formatDate(user.registerTime)],
    [t.lastLogin, formatDate(user.lastLoginTime) || t.notGiven],
  ];
  // Present only for the user themself and administrators (spec part 2, "User profile").
  if (user.userEmail !== undefined) {
    rows.push(
      [t.email, user.userEmail],
      [t.emailConfirmed, user.emailConfirmed ? t.yes : t.no],
      [t.marketing, user.emailMarketing ? t.yes : t.no],
      [t.balance, formatMoney(user.userBalance ?? 0)],
      [t.remainingDownloads, limit(user.remainingDownloads)],
      [t.remainingRequests, limit(user.remainingRequests)],
      [t.remainingInvites, String(user.remainingInvites ?? 0)],
    );
  }
  if (user.lastLoginIp !== undefined) {
    rows.push(
      [t.lastLoginIp, user.lastLoginIp ?? t.notGiven],
      [t.registerIp, user.registerIp ?? t.notGiven],
    );
  }
  if (user.isBanned) rows.push([t.banned, t.yes]);
  if (user.isAdmin) rows.push([t.admin, t.yes]);

  return (
    <ProfileSection title={t.details} testId="profile-details">
      <DataList.Root orientation="horizontal" size="sm">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="40">{label}</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {socials.length > 0 ? (
        <Stack gap="1">
          {socials.map(([network, handle]) => (
            <Text key={network} fontSize="sm">
              {network}: {handle}
            </Text>
          ))}
        </Stack>
      ) : null}
    </ProfileSection>
  );
}
