import { Checkbox, Fieldset, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import {
  LOCAL_SERVER_ID,
  PAYMENT_PROVIDERS,
  REGISTRATION_MODES,
  type RegistrationMode,
  type Settings,
} from '../../../../domain/settings';
import { notifySuccess } from '../../../lib/notify';
import { adminStrings } from '../../../lib/strings';
import { useSaveSettings } from '../api/save-settings';
import { useFocusFirstInvalid, useUnsavedChangesGuard } from '../hooks/use-form-guards';
import { PostActionsEditor } from './post-actions-editor';
import { FormFooter } from '../../../ui/form-footer';
import {
  settingsToValues,
  valuesToSettings,
  type SettingsFieldError,
  type SettingsFormValues,
} from './settings-form-values';
import { SelectInput, SettingsGroup, SwitchInput } from './settings-inputs';
import { TextField } from '../../../ui/text-field';

const t = adminStrings.settings;

/** Every setting of part 2 section 3 but the downloader defaults, saved together. */
export function SettingsForm({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const [values, setValues] = useState(() => settingsToValues(settings));
  // What the server holds: leaving while the form differs from it asks first.
  const [saved, setSaved] = useState(values);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  useUnsavedChangesGuard(JSON.stringify(values) !== JSON.stringify(saved), t.unsavedLeave);
  const [errors, setErrors] = useState<SettingsFieldError[]>([]);
  const set = <K extends keyof SettingsFormValues>(key: K, value: SettingsFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const invalid = (field: SettingsFieldError) => errors.includes(field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = valuesToSettings(values);
    setErrors(result.errors);
    if (result.errors.length > 0) focusFirstInvalid();
    const sent = values;
    if (result.body)
      save.mutate(result.body, {
        onSuccess: () => {
          setSaved(sent);
          notifySuccess(t.saved);
        },
      });
  };
  const toggleProvider = (provider: (typeof PAYMENT_PROVIDERS)[number], on: boolean) =>
    set(
      'paymentProviders',
      on
        ? [...values.paymentProviders, provider]
        : values.paymentProviders.filter((p) => p !== provider),
    );
  const invalidPostRows = errors.flatMap((error) =>
    error.startsWith('defaultPost.') ? [Number(error.slice('defaultPost.'.length))] : [],
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t.title}>
      <Stack gap="6">
        <SettingsGroup id="settings-registration" title={t.groups.registration}>
          <SelectInput
            label={t.registrations}
            value={values.registrations}
            options={REGISTRATION_MODES.map((mode) => ({
              value: mode,
              label: t.registrationModes[mode],
            }))}
            onChange={(mode) => set('registrations', mode as RegistrationMode)}
          />
          <SwitchInput
            label={t.multipleAccountsFromSameIp}
            checked={values.multipleAccountsFromSameIp}
            onChange={(v) => set('multipleAccountsFromSameIp', v)}
          />
        </SettingsGroup>

        <SettingsGroup id="settings-library" title={t.groups.library}>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <SelectInput
              label={t.defaultServer}
              value={values.defaultServer}
              options={[
                { value: '', label: t.noServer },
                { value: String(LOCAL_SERVER_ID), label: t.localServer },
              ]}
              onChange={(v) => set('defaultServer', v)}
            />
            <TextField
              label={t.randomizedPlaylistsCount}
              value={values.randomizedPlaylistsCount}
              inputMode="numeric"
              invalid={invalid('randomizedPlaylistsCount')}
              errorText={t.invalidNumber}
              onChange={(v) => set('randomizedPlaylistsCount', v)}
            />
            <TextField
              label={t.generatedPlaylistsUserId}
              value={values.generatedPlaylistsUserId}
              inputMode="numeric"
              invalid={invalid('generatedPlaylistsUserId')}
              errorText={t.invalidNumber}
              onChange={(v) => set('generatedPlaylistsUserId', v)}
            />
          </SimpleGrid>
          <PostActionsEditor
            actions={values.defaultPost}
            invalidRows={invalidPostRows}
            onChange={(actions) => set('defaultPost', actions)}
          />
          <TextField
            label={t.audioGenres}
            value={values.audioGenres}
            onChange={(v) => set('audioGenres', v)}
          />
          <TextField
            label={t.collectionTags}
            value={values.collectionTags}
            onChange={(v) => set('collectionTags', v)}
          />
          <TextField
            label={t.homepageCollectionTags}
            value={values.homepageCollectionTags}
            onChange={(v) => set('homepageCollectionTags', v)}
          />
          <SwitchInput
            label={t.streamingOnly}
            checked={values.streamingOnly}
            onChange={(v) => set('streamingOnly', v)}
          />
          <SwitchInput
            label={t.shareFullStreams}
            checked={values.shareFullStreams}
            onChange={(v) => set('shareFullStreams', v)}
          />
          <SwitchInput
            label={t.enableBrowse}
            checked={values.enableBrowse}
            onChange={(v) => set('enableBrowse', v)}
          />
          <SwitchInput
            label={t.enableRequests}
            checked={values.enableRequests}
            onChange={(v) => set('enableRequests', v)}
          />
        </SettingsGroup>

        <SettingsGroup id="settings-store" title={t.groups.store}>
          <SwitchInput
            label={t.enableStore}
            checked={values.enableStore}
            onChange={(v) => set('enableStore', v)}
          />
          <Fieldset.Root>
            <Fieldset.Legend>{t.paymentProviders}</Fieldset.Legend>
            <HStack gap="6" wrap="wrap">
              {PAYMENT_PROVIDERS.map((provider) => (
                <Checkbox.Root
                  key={provider}
                  checked={values.paymentProviders.includes(provider)}
                  onCheckedChange={(e) => toggleProvider(provider, e.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t.providers[provider]}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
          </Fieldset.Root>
          <TextField
            label={t.transcodePrice}
            value={values.transcodePrice}
            inputMode="decimal"
            invalid={invalid('transcodePrice')}
            errorText={t.invalidMoney}
            onChange={(v) => set('transcodePrice', v)}
          />
        </SettingsGroup>

        <SettingsGroup id="settings-mail" title={t.groups.mail}>
          <SwitchInput
            label={t.sendDmEmails}
            checked={values.sendDmEmails}
            onChange={(v) => set('sendDmEmails', v)}
          />
        </SettingsGroup>

        <FormFooter submitLabel={t.save} submitting={save.isPending} error={save.error} />
      </Stack>
    </form>
  );
}
