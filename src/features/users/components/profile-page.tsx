import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useSession } from '../../../common/session';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { useUser } from '../api/user-queries';
import { usersStrings } from '../strings';
import { AccountSection } from './account-section';
import { AppPasswordsSection } from './app-passwords-section';
import { AdminAccountForm } from './admin-account-form';
import { AdminModeration } from './admin-moderation';
import { GenresForm } from './genres-form';
import { ProfileActions } from './profile-actions';
import { ProfileDetails } from './profile-details';
import { ProfileForm } from './profile-form';
import { ProfileSection } from './profile-section';
import { ScrobblingSection } from './scrobbling-section';

/** /user/{id}: details, editing, genres, actions and (for administrators) the admin tools. */
export function ProfilePage({
  id,
  renderOwnSections,
}: {
  id: number;
  /** Sections only the user sees on their own page (share links, from the route). */
  renderOwnSections?: (me: { isAdmin: boolean }) => ReactNode;
}) {
  const session = useSession();
  const profile = useUser(id);
  if (profile.isPending || session.isPending)
    return <CenteredSpinner label={usersStrings.loading} />;
  if (profile.isError) return <LoadError error={profile.error} />;
  const me = session.data?.user;
  if (!me) return null;
  const { user, role } = profile.data;
  const isSelf = me.userId === user.userId;
  const canEdit = isSelf || me.isAdmin;
  // Forms start from the loaded values and keep what is typed while the profile refetches.
  const formKey = String(user.userId);
  return (
    <Stack gap="6" maxW="4xl">
      <PageHeading title={user.userName} />
      <ProfileActions user={user} isSelf={isSelf} canSeePrivate={canEdit} />
      <ProfileDetails user={user} role={role} />
      {canEdit ? <ProfileForm key={`p${formKey}`} user={user} /> : null}
      {canEdit ? <GenresForm key={`g${formKey}`} user={user} /> : null}
      {me.isAdmin ? (
        <ProfileSection title={usersStrings.admin.title} testId="profile-admin">
          <AdminAccountForm key={`a${formKey}`} user={user} />
          <AdminModeration user={user} isSelf={isSelf} />
        </ProfileSection>
      ) : null}
      {isSelf && renderOwnSections ? renderOwnSections(me) : null}
      {isSelf ? <AppPasswordsSection userName={user.userName} /> : null}
      {isSelf ? <ScrobblingSection /> : null}
      {isSelf ? <AccountSection /> : null}
    </Stack>
  );
}
