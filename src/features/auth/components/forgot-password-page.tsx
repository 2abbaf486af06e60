import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { strings } from '../../../lib/strings';
import { FormCard } from '../../../ui/form-card';
import { useRequestPasswordReset } from '../api/reset-password';
import { TextField } from '../../../ui/text-field';

const t = strings.forgot;

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    request.mutate(
      { email: email.trim() },
      {
        onSuccess: () => {
          notifySuccess(t.sent, { duration: 5000 });
          void navigate({ to: '/login' });
        },
      },
    );
  };

  return (
    <FormCard title={t.title}>
      <Text color="fg.muted">{t.intro}</Text>
      <Stack as="form" gap="4" onSubmit={submit}>
        <TextField
          label={t.email}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(value) => setEmail(value)}
        />
        <Button type="submit" colorPalette="teal" loading={request.isPending}>
          {t.submit}
        </Button>
      </Stack>
      <ChakraLink asChild colorPalette="teal" textStyle="sm">
        <Link to="/login">{t.back}</Link>
      </ChakraLink>
    </FormCard>
  );
}
