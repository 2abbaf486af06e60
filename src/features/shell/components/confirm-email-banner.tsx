import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { UserWithRole } from '../../../../domain/user';
import { useResendConfirmation } from '../api/resend-confirmation';
import { shellBannerStrings } from '../strings';

const t = shellBannerStrings.confirm;

/**
 * Shown on every page while the account's e-mail is unconfirmed: the gated pages bounce to /
 * with a short red toast, and this says why afterwards and offers a new link.
 */
export function ConfirmEmailBanner({ session }: { session: UserWithRole }) {
  const resend = useResendConfirmation();
  if (session.user.emailConfirmed !== false) return null;
  return (
    <Box
      as="section"
      aria-label={t.label}
      data-testid="confirm-email-banner"
      bg="orange.subtle"
      color="orange.fg"
      borderWidth="1px"
      borderColor="orange.muted"
      borderRadius="md"
      px="4"
      py="3"
      mb="4"
    >
      <Flex
        gap="3"
        align={{ base: 'stretch', sm: 'center' }}
        direction={{ base: 'column', sm: 'row' }}
      >
        <Stack gap="1" flex="1" minW="0">
          <Text fontWeight="semibold">{t.title}</Text>
          <Text textStyle="sm">{t.body(session.user.userEmail)}</Text>
          <Text textStyle="sm" role="status" data-testid="confirm-email-outcome">
            {resend.isSuccess ? t.sent : resend.isError ? resend.error.message : ''}
          </Text>
        </Stack>
        <Button
          size="sm"
          variant="outline"
          colorPalette="orange"
          loading={resend.isPending}
          loadingText={t.sending}
          onClick={() => resend.mutate()}
        >
          {t.resend}
        </Button>
      </Flex>
    </Box>
  );
}
