import { Button, Clipboard, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { User } from '../../../../domain/user';
import { useCreateInvite } from '../api/profile-mutations';
import { usersStrings } from '../strings';

const t = usersStrings.actions;

/**
 * Direct message, invite and unlocked collections (spec part 2, "User profile"). Only a user
 * with remaining invites on their own profile may create an invite; the unlocked list is for
 * the user themself and administrators.
 */
export function ProfileActions({
  user,
  isSelf,
  canSeePrivate,
}: {
  user: User;
  isSelf: boolean;
  canSeePrivate: boolean;
}) {
  const invite = useCreateInvite(user.userId);
  const invitesLeft = user.remainingInvites ?? 0;
  const canInvite = isSelf && invitesLeft > 0;
  const code = invite.data?.inviteCode;
  return (
    <Stack gap="3">
      <Flex wrap="wrap" gap="2">
        {isSelf ? null : (
          <Button asChild variant="outline">
            {/* /dms is its own feature; it opens the compose form for ?compose=<userId>. */}
            <Link to="/dms" search={{ compose: user.userId } as never}>
              {t.message}
            </Link>
          </Button>
        )}
        {/* Only one's own invites can be used: on another profile the button would never work. */}
        {isSelf ? (
          <Button
            variant="outline"
            disabled={!canInvite}
            aria-describedby="invite-reason"
            loading={invite.isPending}
            onClick={() => invite.mutate()}
          >
            {t.invite}
          </Button>
        ) : null}
        {canSeePrivate ? (
          <Button asChild variant="outline">
            <Link to="/user/$id/unlocked" params={{ id: String(user.userId) }}>
              {t.unlocked}
            </Link>
          </Button>
        ) : null}
      </Flex>
      {isSelf ? (
        <Text id="invite-reason" textStyle="sm" color="fg.muted">
          {canInvite ? t.invitesLeft(invitesLeft) : t.noInvitesLeft}
        </Text>
      ) : null}
      {invite.error ? (
        <Text role="alert" color="fg.error">
          {invite.error.message}
        </Text>
      ) : null}
      {code ? (
        <Clipboard.Root value={code} maxW="md">
          <Clipboard.Label>{t.inviteCode}</Clipboard.Label>
          <HStack>
            <Clipboard.Input asChild>
              <Input readOnly data-testid="invite-code" />
            </Clipboard.Input>
            <Clipboard.Trigger asChild>
              <Button variant="surface">
                <Clipboard.Indicator copied={t.copied}>{t.copy}</Clipboard.Indicator>
              </Button>
            </Clipboard.Trigger>
          </HStack>
        </Clipboard.Root>
      ) : null}
    </Stack>
  );
}
