import { Alert, Button } from '@chakra-ui/react';
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
    // A page of its own, with its heading: the link was opened from a mail, not from the app.
    return (
      <FormCard title={t.failed}>
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{code ? confirm.error?.message : t.missingCode}</Alert.Description>
        </Alert.Root>
        <Button asChild colorPalette="teal">
          <Link to={signedIn ? '/' : '/login'}>{signedIn ? t.home : t.signIn}</Link>
        </Button>
      </FormCard>
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
