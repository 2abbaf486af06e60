import { Link as ChakraLink } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
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

  const submit = () =>
    request.mutate(
      { email: email.trim() },
      {
        onSuccess: () => {
          notifySuccess(t.sent, { duration: 5000 });
          void navigate({ to: '/login' });
        },
      },
    );

  return (
    <FormCard
      title={t.title}
      intro={t.intro}
      submit={{ label: t.submit, onSubmit: submit, loading: request.isPending }}
      after={
        <ChakraLink asChild colorPalette="teal" textStyle="sm">
          <Link to="/login">{t.back}</Link>
        </ChakraLink>
      }
    >
      <TextField
        label={t.email}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(value) => setEmail(value)}
      />
    </FormCard>
  );
}
