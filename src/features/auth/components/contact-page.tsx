import { Button, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { strings } from '../../../lib/strings';
import { FormCard } from '../../../ui/form-card';
import { useScrollToTop } from '../../../ui/use-scroll-to-top';
import { useSendContactMessage } from '../api/contact';

const t = strings.contact;

export function ContactPage() {
  useScrollToTop();
  const navigate = useNavigate();
  const send = useSendContactMessage();
  const [form, setForm] = useState({ name: '', email: '', body: '' });
  const filled = form.name.trim() !== '' && form.email.trim() !== '' && form.body.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!filled || send.isPending) return;
    send.mutate(
      { name: form.name.trim(), email: form.email.trim(), body: form.body.trim() },
      {
        onSuccess: () => {
          notifySuccess(t.sent);
          void navigate({ to: '/login' });
        },
      },
    );
  };

  return (
    <FormCard title={t.title}>
      <Text color="fg.muted">{t.intro}</Text>
      <Stack as="form" gap="4" onSubmit={submit}>
        <Field.Root required>
          <Field.Label>{t.name}</Field.Label>
          <Input
            autoComplete="name"
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>{t.email}</Field.Label>
          <Input
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>{t.body}</Field.Label>
          <Textarea
            rows={6}
            maxLength={5000}
            value={form.body}
            onChange={(e) => setForm({ ...form, body: e.target.value })}
          />
        </Field.Root>
        <Button
          type="submit"
          colorPalette="teal"
          disabled={!filled || send.isPending}
          loading={send.isPending}
        >
          {t.submit}
        </Button>
      </Stack>
    </FormCard>
  );
}
