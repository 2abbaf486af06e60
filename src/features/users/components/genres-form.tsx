import { Checkbox, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { User } from '../../../../domain/user';
import { usePublicSettings } from '../../../common/session';
import { notifySuccess } from '../../../lib/notify';
import { useSaveGenres } from '../api/profile-mutations';
import { usersStrings } from '../strings';
import { ProfileSection } from './profile-section';
import { FormFooter } from '../../../ui/form-footer';

const t = usersStrings.genres;

/** Favourite genres, chosen from the library's genre list (POST /api/user/{id}/extra). */
export function GenresForm({ user }: { user: User }) {
  const settings = usePublicSettings();
  const save = useSaveGenres(user.userId);
  const [chosen, setChosen] = useState<string[]>(user.userExtra.genres);
  const genres = settings.data?.audioGenres ?? [];
  const toggle = (genre: string, on: boolean) =>
    setChosen((current) => (on ? [...current, genre] : current.filter((g) => g !== genre)));

  return (
    <ProfileSection title={t.title} testId="profile-genres">
      {genres.length === 0 ? (
        <Text color="fg.muted">{t.none}</Text>
      ) : (
        <Stack gap="4">
          <Flex wrap="wrap" gap="3">
            {genres.map((genre) => (
              <Checkbox.Root
                key={genre}
                checked={chosen.includes(genre)}
                onCheckedChange={(e) => toggle(genre, e.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{genre}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Flex>
          <FormFooter
            submitLabel={t.save}
            tone="quiet"
            submitting={save.isPending}
            error={save.error}
            onSubmit={() =>
              save.mutate(chosen, { onSuccess: () => notifySuccess(usersStrings.edit.saved) })
            }
          />
        </Stack>
      )}
    </ProfileSection>
  );
}
