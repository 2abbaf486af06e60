import { Alert, chakra, Flex, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { canSubmitRegistration } from '../../../../domain/auth';
import { usePublicSettings } from '../../../common/session';
import { notifySuccess } from '../../../lib/notify';
import { strings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { FormCard } from '../../../ui/form-card';
import { useRegister } from '../api/register';
import { TextField } from '../../../ui/text-field';

const t = strings.register;

function CheckboxRow({
  checked,
  onChange,
  label,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  children?: ReactNode;
}) {
  return (
    <Flex align="center" gap="2" wrap="wrap">
      {/* A native checkbox: Chakra's hidden-input checkbox cannot be clicked directly by tests. */}
      <chakra.label
        display="inline-flex"
        alignItems="center"
        gap="2"
        cursor="pointer"
        textStyle="sm"
      >
        <chakra.input
          type="checkbox"
          boxSize="4"
          accentColor="teal.500"
          cursor="pointer"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </chakra.label>
      {children}
    </Flex>
  );
}

export function RegisterPage() {
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
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((previous) => ({ ...previous, [key]: value }));

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
          void navigate({ to: '/' });
        },
      },
    );

  return (
    <FormCard
      title={t.title}
      submit={{
        label: t.submit,
        onSubmit: submit,
        loading: registration.isPending,
        disabled: !canSubmitRegistration(form),
      }}
      after={
        <Text textStyle="sm">
          {t.haveAccount}{' '}
          <ChakraLink asChild colorPalette="teal" fontWeight="semibold">
            <Link to="/login">{t.login}</Link>
          </ChakraLink>
        </Text>
      }
    >
      <TextField
        label={t.username}
        required
        autoComplete="username"
        autoCapitalize="none"
        value={form.username}
        onChange={(value) => set('username', value)}
        helperText={t.usernameHint}
      />
      <TextField
        label={t.email}
        required
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={(value) => set('email', value)}
      />
      <TextField
        label={t.password}
        required
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={(value) => set('password', value)}
      />
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
    </FormCard>
  );
}
