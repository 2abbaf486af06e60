import { Badge, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { formatSpeed, INFINITY_SIGN } from '../../../../domain/format';
import { storeStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { useRoles } from '../../../common/roles/get-roles';
import { SectionCard } from './section-card';

const t = storeStrings.roles;

/** A limit; none means unlimited. */
const limit = (value: number | null) => (value === null ? INFINITY_SIGN : String(value));

/** The roles (GET /api/role) as cards with what each allows. */
export function RoleCards() {
  const roles = useRoles();
  if (roles.isPending) return <CenteredSpinner label={t.heading} />;
  if (roles.isError) return <LoadError error={roles.error} />;
  if (roles.data.length === 0) return <Text color="fg.muted">{t.none}</Text>;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, md: 4 }} gap="3">
      {roles.data.map((role) => (
        <SectionCard key={role.roleId} title={role.roleName} testId="role-card">
          <Text fontSize="sm">{t.speed(formatSpeed(role.roleSpeedLimit))}</Text>
          <Text fontSize="sm">{t.downloads(limit(role.roleDownloadLimit))}</Text>
          <Text fontSize="sm">{t.requests(limit(role.roleRequestLimit))}</Text>
          <HStack gap="1" flexWrap="wrap">
            {role.roleVip ? <Badge colorPalette="purple">{t.vip}</Badge> : null}
            {role.roleCanUpload ? <Badge>{t.upload}</Badge> : null}
            {role.roleTranscode ? <Badge>{t.transcode}</Badge> : null}
            {role.roleDownloadPaid ? <Badge>{t.paid}</Badge> : null}
          </HStack>
        </SectionCard>
      ))}
    </SimpleGrid>
  );
}
