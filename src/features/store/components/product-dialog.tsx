import { Field, Input, NativeSelect, SimpleGrid, Stack, Switch } from '@chakra-ui/react';
import { useState } from 'react';
import type { Role } from '../../../../domain/role';
import type { Product } from '../../../../domain/store';
import { storeStrings } from '../../../lib/strings';
import { DialogForm } from '../../../ui/dialog-form';
import { DialogShell } from '../../../ui/dialog-shell';
import { LoadError } from '../../../ui/load-error';
import type { ProductCreate } from '../api/save-product';
import {
  NEW_PRODUCT_VALUES,
  productToValues,
  valuesToProduct,
  type ProductFormErrors,
  type ProductFormValues,
} from './product-form-values';
import { TextAreaField } from '../../../ui/text-field';

const t = storeStrings.productDialog;

/** The administrator's dialog that edits every product field (spec part 2, sections 2 and 5). */
export function ProductDialog({
  open,
  product,
  roles,
  saving,
  error,
  onSave,
  onClose,
}: {
  open: boolean;
  /** null creates a new product. */
  product: Product | null;
  roles: Role[];
  saving: boolean;
  error: unknown;
  onSave: (body: ProductCreate) => void;
  onClose: () => void;
}) {
  return (
    <DialogShell open={open} onClose={onClose} size="lg" scrollBehavior="inside">
      <ProductForm
        initial={product ? productToValues(product) : NEW_PRODUCT_VALUES}
        isNew={product === null}
        roles={roles}
        saving={saving}
        error={error}
        onSave={onSave}
        onClose={onClose}
      />
    </DialogShell>
  );
}

const ERROR_TEXT = { money: t.invalidMoney, sale: t.invalidSale, whole: t.invalidWhole } as const;

/** Mounted only while open, so every opening starts from the product's current values. */
function ProductForm({
  initial,
  isNew,
  roles,
  saving,
  error,
  onSave,
  onClose,
}: {
  initial: ProductFormValues;
  isNew: boolean;
  roles: Role[];
  saving: boolean;
  error: unknown;
  onSave: (body: ProductCreate) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const submit = () => {
    const result = valuesToProduct(values);
    setErrors(result.errors ?? {});
    if (result.body) onSave(result.body);
  };

  const textField = (
    key: Exclude<keyof ProductFormValues, 'subscription' | 'transcode' | 'roleId' | 'description'>,
    label: string,
    inputMode: 'decimal' | 'numeric' | 'text',
  ) => {
    const problem = errors[key];
    return (
      <Field.Root invalid={problem !== undefined} required={key === 'title' || key === 'price'}>
        <Field.Label>{label}</Field.Label>
        <Input
          name={key}
          value={values[key]}
          inputMode={inputMode}
          maxLength={key === 'title' ? 200 : 16}
          onChange={(e) => set(key, e.target.value)}
        />
        {problem ? <Field.ErrorText>{ERROR_TEXT[problem]}</Field.ErrorText> : null}
      </Field.Root>
    );
  };

  return (
    <DialogForm
      title={isNew ? t.createTitle : t.editTitle}
      cancelLabel={t.cancel}
      submitLabel={isNew ? t.create : t.save}
      canSubmit={values.title.trim().length > 0}
      submitting={saving}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Stack gap="4">
        {textField('title', t.titleField, 'text')}
        <TextAreaField
          label={t.description}
          name="description"
          value={values.description}
          maxLength={20_000}
          rows={4}
          onChange={(value) => set('description', value)}
        />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {textField('price', t.price, 'decimal')}
          {textField('sale', t.sale, 'decimal')}
          <Field.Root>
            <Field.Label>{t.role}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="roleId"
                value={values.roleId}
                onChange={(e) => set('roleId', e.currentTarget.value)}
              >
                <option value="">{t.noRole}</option>
                {roles.map((role) => (
                  <option key={role.roleId} value={String(role.roleId)}>
                    {role.roleName}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {textField('roleDuration', t.roleDuration, 'numeric')}
          {textField('invites', t.invites, 'numeric')}
          {textField('balance', t.balance, 'decimal')}
          {textField('collectionId', t.collectionId, 'numeric')}
        </SimpleGrid>
        <Switch.Root
          checked={values.subscription}
          onCheckedChange={(e) => set('subscription', e.checked)}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t.subscription}</Switch.Label>
        </Switch.Root>
        <Switch.Root
          checked={values.transcode}
          onCheckedChange={(e) => set('transcode', e.checked)}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t.transcode}</Switch.Label>
        </Switch.Root>
        {error ? <LoadError error={error} /> : null}
      </Stack>
    </DialogForm>
  );
}
