import { Flex, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { strings } from '../../../lib/strings';
import { FormCard } from '../../../ui/form-card';
import { useLogin } from '../api/login';
import { ResetPasswordDialog } from './reset-password-dialog';
import { TextField } from '../../../ui/text-field';

const t = strings.login;

/** `redirect`: a same-origin path (checked by the route) to return to after signing in. */
export function LoginPage({ resetToken, redirect }: { resetToken?: string; redirect?: string }) {
  const navigate = useNavigate();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = () =>
    login.mutate(
      { username, password },
      {
        onSuccess: () => {
          void (redirect === undefined ? navigate({ to: '/' }) : navigate({ href: redirect }));
        },
      },
    );

  return (
    <FormCard
      title={t.title}
      submit={{ label: t.submit, onSubmit: submit, loading: login.isPending }}
      after={
        <>
          <Flex justify="space-between" wrap="wrap" gap="2" textStyle="sm">
            <ChakraLink asChild colorPalette="teal">
              <Link to="/contact">{t.cantLogin}</Link>
            </ChakraLink>
            <ChakraLink asChild colorPalette="teal">
              <Link to="/forgot-password">{t.forgotPassword}</Link>
            </ChakraLink>
          </Flex>
          <Text textStyle="sm">
            {t.noAccount}{' '}
            <ChakraLink asChild colorPalette="teal" fontWeight="semibold">
              <Link to="/register" search={{ redirect }}>
                {t.register}
              </Link>
            </ChakraLink>
          </Text>
          <ResetPasswordDialog
            code={resetToken}
            onClose={() => {
              void navigate({ to: '/login', search: { redirect }, replace: true });
            }}
          />
        </>
      }
    >
      <TextField
        label={t.username}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        value={username}
        onChange={(value) => setUsername(value)}
      />
      <TextField
        label={t.password}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(value) => setPassword(value)}
      />
    </FormCard>
  );
}
