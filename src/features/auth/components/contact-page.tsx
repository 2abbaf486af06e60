import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { strings } from '../../../lib/strings';
import { FormCard } from '../../../ui/form-card';
import { useScrollToTop } from '../../../ui/use-scroll-to-top';
import { useSendContactMessage } from '../api/contact';
import { TextField, TextAreaField } from '../../../ui/text-field';

const t = strings.contact;

export function ContactPage() {
  useScrollToTop();
  const navigate = useNavigate();
  const send = useSendContactMessage();
  const [form, setForm] = useState({ name: '', email: '', body: '' });
  const filled = form.name.trim() !== '' && form.email.trim() !== '' && form.body.trim() !== '';

  const submit = () =>
    send.mutate(
      { name: form.name.trim(), email: form.email.trim(), body: form.body.trim() },
      {
        onSuccess: () => {
          notifySuccess(t.sent);
          void navigate({ to: '/login' });
        },
      },
    );

  return (
    <FormCard
      title={t.title}
      intro={t.intro}
      submit={{ label: t.submit, onSubmit: submit, loading: send.isPending, disabled: !filled }}
    >
      <TextField
        label={t.name}
        required
        autoComplete="name"
        value={form.name}
        onChange={(value) => setForm({ ...form, name: value })}
      />
      <TextField
        label={t.email}
        required
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={(value) => setForm({ ...form, email: value })}
      />
      <TextAreaField
        label={t.body}
        required
        rows={6}
        maxLength={5000}
        value={form.body}
        onChange={(value) => setForm({ ...form, body: value })}
      />
    </FormCard>
  );
}
