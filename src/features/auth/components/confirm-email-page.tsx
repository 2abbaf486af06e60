import { Alert, Button, Stack } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { strings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { useConfirmEmail } from '../api/confirm-email';

const t = strings.confirmEmail;

/** /user/confirm_email?code=…: posts the code once, refreshes the user, then goes home. */
export function ConfirmEmailPage({ code }: { code: string | undefined }) {
  const navigate = useNavigate();
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  // StrictMode runs effects twice in development; the code must be posted only once.
  const posted = useRef(false);

  useEffect(() => {
    if (!code || posted.current) return;
    posted.current = true;
    mutate(code, {
      onSuccess: () => {
        notifySuccess(t.confirmed);
        void navigate({ to: '/' });
      },
    });
  }, [code, mutate, navigate]);

  if (!code || confirm.isError) {
    return (
      <Stack gap="4" align="flex-start" py="6">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t.failed}</Alert.Title>
            <Alert.Description>{code ? confirm.error?.message : t.missingCode}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild colorPalette="teal">
          <Link to="/">{t.home}</Link>
        </Button>
      </Stack>
    );
  }

  return <CenteredSpinner label={t.title} />;
}
