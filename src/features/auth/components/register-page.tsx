import { Alert, Box, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { registrationProblems, type RegistrationForm } from '../../../../domain/auth';
import { usePublicSettings } from '../../../common/session';
import { notifySuccess } from '../../../lib/notify';
import { strings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { FormCard } from '../../../ui/form-card';
import { TextField } from '../../../ui/text-field';
import { useRegister } from '../api/register';
import { CheckboxRow } from './checkbox-row';

const t = strings.register;

// zxcvbn and its dictionaries load only when someone opens this page.
const PasswordStrengthMeter = lazy(() => import('./password-strength-meter'));

type Field = keyof RegistrationForm;
const FIELD_LABELS: Record<Field, string> = {
  username: t.username,
  email: t.email,
  password: t.password,
  acceptTos: t.tosLink,
  acceptPrivacy: t.privacyLink,
};

/** Which field a refusal of the server is about, to show it there rather than in a toast. */
function fieldOfServerError(message: string): 'username' | 'email' | 'password' | null {
  if (/password/i.test(message)) return 'password';
  if (/username/i.test(message)) return 'username';
  if (/e-?mail/i.test(message)) return 'email';
  return null;
}

/** `redirect`: a same-origin path (checked by the route) to land on once registered. */
export function RegisterPage({ redirect }: { redirect?: string }) {
  const settings = usePublicSettings();
  const navigate = useNavigate();
  const registration = useRegister();
  const [form, setForm] = useState({
    username: '',
    email: '',
    password: '',
    name: '',
    invite: '',
    acceptTos: false,
    acceptPrivacy: false,
    emailMarketing: false,
  });
  // A field says what is wrong once it holds something or was left: not on an untouched form.
  const [left, setLeft] = useState<Partial<Record<Field, boolean>>>({});
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => {
    registration.reset();
    setForm((previous) => ({ ...previous, [key]: value }));
  };
  const leave = (field: Field) => setLeft((previous) => ({ ...previous, [field]: true }));
  const userInputs = useMemo(
    () => [form.username, form.email, form.name].filter((value) => value !== ''),
    [form.username, form.email, form.name],
  );

  if (!settings.data) return <CenteredSpinner label={t.loading} />;

  if (settings.data.registrations === 'closed') {
    return (
      <FormCard title={t.title}>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t.closed}</Alert.Title>
        </Alert.Root>
      </FormCard>
    );
  }

  const inviteOnly = settings.data.registrations === 'inviteOnly';
  const problems = registrationProblems(form);
  const serverError = registration.error?.message;
  const serverField = serverError === undefined ? null : fieldOfServerError(serverError);
  const shown = (field: 'username' | 'email' | 'password'): string | undefined => {
    if (serverField === field) return serverError;
    const touched = form[field] !== '' || left[field] === true;
    return touched ? problems[field] : undefined;
  };
  const missing = (Object.keys(problems) as Field[]).map((field) => FIELD_LABELS[field]);

  const submit = () =>
    registration.mutate(
      {
        username: form.username.trim(),
        email: form.email.trim(),
        password: form.password,
        name: form.name.trim(),
        invite: inviteOnly ? form.invite.trim() : null,
        emailMarketing: form.emailMarketing,
      },
      {
        onSuccess: () => {
          notifySuccess(t.confirmationSent);
          void (redirect === undefined ? navigate({ to: '/' }) : navigate({ href: redirect }));
        },
      },
    );

  const fieldProps = (field: 'username' | 'email' | 'password') => ({
    value: form[field],
    onChange: (value: string) => set(field, value),
    onBlur: () => leave(field),
    invalid: shown(field) !== undefined,
    errorText: shown(field),
  });

  return (
    <FormCard
      title={t.title}
      submit={{
        label: t.submit,
        onSubmit: submit,
        loading: registration.isPending,
        disabled: missing.length > 0,
        note: missing.length > 0 ? `${t.disabledWhy} ${missing.join(', ')}` : undefined,
      }}
      after={
        <Text textStyle="sm">
          {t.haveAccount}{' '}
          <ChakraLink asChild colorPalette="teal" fontWeight="semibold">
            <Link to="/login" search={{ redirect }}>
              {t.login}
            </Link>
          </ChakraLink>
        </Text>
      }
    >
      <TextField
        label={t.username}
        required
        autoComplete="username"
        autoCapitalize="none"
        helperText={t.usernameHint}
        {...fieldProps('username')}
      />
      <TextField
        label={t.email}
        required
        type="email"
        autoComplete="email"
        {...fieldProps('email')}
      />
      <Stack gap="1.5">
        <TextField
          label={t.password}
          required
          type="password"
          autoComplete="new-password"
          helperText={t.passwordHint}
          {...fieldProps('password')}
        />
        <Suspense fallback={null}>
          <PasswordStrengthMeter password={form.password} userInputs={userInputs} />
        </Suspense>
      </Stack>
      <TextField
        label={t.name}
        autoComplete="name"
        value={form.name}
        onChange={(value) => set('name', value)}
      />
      {inviteOnly ? (
        <TextField
          label={t.invite}
          required
          autoComplete="off"
          value={form.invite}
          onChange={(value) => set('invite', value)}
        />
      ) : null}
      <Stack gap="2">
        <CheckboxRow
          checked={form.acceptTos}
          onChange={(v) => set('acceptTos', v)}
          label={t.acceptTos}
        >
          <ChakraLink asChild colorPalette="teal" textStyle="sm">
            <Link to="/tos">({t.tosLink})</Link>
          </ChakraLink>
        </CheckboxRow>
        <CheckboxRow
          checked={form.acceptPrivacy}
          onChange={(v) => set('acceptPrivacy', v)}
          label={t.acceptPrivacy}
        >
          <ChakraLink asChild colorPalette="teal" textStyle="sm">
            <Link to="/privacy-notice">({t.privacyLink})</Link>
          </ChakraLink>
        </CheckboxRow>
        <CheckboxRow
          checked={form.emailMarketing}
          onChange={(v) => set('emailMarketing', v)}
          label={t.marketing}
        />
      </Stack>
      {serverError !== undefined && serverField === null ? (
        <Box role="alert">
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{serverError}</Alert.Title>
          </Alert.Root>
        </Box>
      ) : null}
    </FormCard>
  );
}
