import { Alert, Button, Stack } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useSession } from '../../../common/session';
import { notifySuccess } from '../../../lib/notify';
import { strings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { FormCard } from '../../../ui/form-card';
import { useConfirmEmail } from '../api/confirm-email';

const t = strings.confirmEmail;

/**
 * /user/confirm_email?code=…: posts the code once; the code alone confirms. Signed in, the user
 * goes home with a toast; signed out (another device, after a logout), the page says it worked
 * and offers to sign in.
 */
export function ConfirmEmailPage({ code }: { code: string | undefined }) {
  const navigate = useNavigate();
  const session = useSession();
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  // StrictMode runs effects twice in development; the code must be posted only once.
  const posted = useRef(false);
  const sessionKnown = session.isFetched || session.data !== undefined;
  const signedIn = session.data != null;

  useEffect(() => {
    if (!code || posted.current || !sessionKnown) return;
    posted.current = true;
    mutate(code, {
      onSuccess: () => {
        if (!signedIn) return;
        notifySuccess(t.confirmed);
        void navigate({ to: '/' });
      },
    });
  }, [code, mutate, navigate, sessionKnown, signedIn]);

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
          <Link to={signedIn ? '/' : '/login'}>{signedIn ? t.home : t.signIn}</Link>
        </Button>
      </Stack>
    );
  }

  if (confirm.isSuccess && !signedIn) {
    return (
      <FormCard title={t.confirmed}>
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>{t.signedOutDone}</Alert.Title>
        </Alert.Root>
        <Button asChild colorPalette="teal">
          <Link to="/login">{t.signIn}</Link>
        </Button>
      </FormCard>
    );
  }

  return <CenteredSpinner label={t.title} />;
}
