import { Field, Flex, Input, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import {
  AGE_MAX,
  AGE_MIN,
  GENDER_STEP,
  genderLabel,
  parseAge,
} from '../../../../domain/profile-form';
import type { User } from '../../../../domain/user';
import { notifySuccess } from '../../../lib/notify';
import { useSaveUser } from '../api/profile-mutations';
import { usersStrings } from '../strings';
import { ProfileSection } from './profile-section';
import { FormFooter } from '../../../ui/form-footer';
import { TextField } from '../../../ui/text-field';

const t = usersStrings.edit;
const p = usersStrings.profile;

/** Full name, age, gender, country, socials and marketing e-mails (spec part 2, section 5). */
export function ProfileForm({ user }: { user: User }) {
  const save = useSaveUser(user.userId);
  const [fullName, setFullName] = useState(user.userFullName ?? '');
  const [age, setAge] = useState(user.userAge === null ? '' : String(user.userAge));
  const [gender, setGender] = useState(user.userGender);
  const [country, setCountry] = useState(user.userCountry ?? '');
  const [socials, setSocials] = useState({
    instagram: user.userSocials.instagram ?? '',
    youtube: user.userSocials.youtube ?? '',
    facebook: user.userSocials.facebook ?? '',
  });
  const [marketing, setMarketing] = useState(user.emailMarketing ?? false);
  const parsedAge = parseAge(age);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsedAge.ok) return;
    save.mutate(
      {
        userFullName: fullName.trim() || null,
        userAge: parsedAge.value,
        userGender: gender,
        userCountry: country.trim().toUpperCase() || null,
        userSocials: socials,
        emailMarketing: marketing,
      },
      { onSuccess: () => notifySuccess(t.saved) },
    );
  };

  return (
    <ProfileSection title={t.title} testId="profile-edit">
      <Stack as="form" gap="4" onSubmit={onSubmit}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root>
            <Field.Label>{p.fullName}</Field.Label>
            <Input value={fullName} maxLength={128} onChange={(e) => setFullName(e.target.value)} />
          </Field.Root>
          <TextField
            label={p.age}
            invalid={!parsedAge.ok}
            type="number"
            inputMode="numeric"
            min={AGE_MIN}
            max={AGE_MAX}
            value={age}
            onChange={(value) => setAge(value)}
            errorText={t.ageError}
          />
          <Field.Root>
            <Field.Label htmlFor="profile-gender">{p.gender}</Field.Label>
            <input
              id="profile-gender"
              type="range"
              min={0}
              max={1}
              step={GENDER_STEP}
              value={gender}
              aria-valuetext={genderLabel(gender)}
              style={{ width: '100%', accentColor: 'var(--chakra-colors-teal-600)' }}
              onChange={(e) => setGender(Number(e.target.value))}
            />
            <Flex justify="space-between" textStyle="xs" color="fg.muted" aria-hidden="true">
              {p.genderScale.map((end) => (
                <span key={end}>{end}</span>
              ))}
            </Flex>
            <Text fontSize="sm" data-testid="gender-label">
              {genderLabel(gender)}
            </Text>
          </Field.Root>
          <TextField
            label={p.country}
            value={country}
            maxLength={2}
            autoComplete="country"
            onChange={(value) => setCountry(value)}
            helperText={p.countryHint}
          />
          {(['instagram', 'youtube', 'facebook'] as const).map((network) => (
            <Field.Root key={network}>
              <Field.Label>{t[network]}</Field.Label>
              <Input
                value={socials[network]}
                maxLength={256}
                onChange={(e) => setSocials({ ...socials, [network]: e.target.value })}
              />
            </Field.Root>
          ))}
        </SimpleGrid>
        <Switch.Root checked={marketing} onCheckedChange={(e) => setMarketing(e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{p.marketing}</Switch.Label>
        </Switch.Root>
        <FormFooter
          submitLabel={t.save}
          canSubmit={parsedAge.ok}
          submitting={save.isPending}
          error={save.error}
        />
      </Stack>
    </ProfileSection>
  );
}
