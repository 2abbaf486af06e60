import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Product } from '../../../../domain/store';
import { storeStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { LoadError } from '../../../ui/load-error';
import { useProducts } from '../api/get-products';
import { useRoles } from '../../../common/roles/get-roles';
import { useDeleteProduct, useSaveProduct } from '../api/save-product';
import { ProductCard } from './product-card';
import { ProductDialog } from './product-dialog';
import { primaryButtonProps } from '../../../ui/primary-button-props';
import { SectionHeading } from './section-heading';

const t = storeStrings.products;

/** The products as cards; administrators also get new, edit and delete. */
export function ProductList({
  isAdmin,
  onBuy,
}: {
  isAdmin: boolean;
  onBuy: (product: Product) => void;
}) {
  const products = useProducts();
  const roles = useRoles();
  const save = useSaveProduct();
  const remove = useDeleteProduct();
  // undefined: dialog closed; null: a new product.
  const [editing, setEditing] = useState<Product | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Product | null>(null);

  const openDialog = (product: Product | null) => {
    save.reset();
    setEditing(product);
  };

  return (
    <Stack as="section" gap="4" aria-labelledby="store-products">
      <HStack justify="space-between">
        <SectionHeading id="store-products">{t.heading}</SectionHeading>
        {isAdmin ? (
          <Button size="sm" {...primaryButtonProps} onClick={() => openDialog(null)}>
            {t.newProduct}
          </Button>
        ) : null}
      </HStack>
      {products.isPending ? (
        <CenteredSpinner label={storeStrings.store.loading} />
      ) : products.isError ? (
        <LoadError error={products.error} />
      ) : products.data.length === 0 ? (
        <Text color="fg.muted">{t.none}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4">
          {products.data.map((product) => (
            <ProductCard
              key={product.productId}
              product={product}
              roles={roles.data}
              onBuy={onBuy}
              adminActions={
                isAdmin ? (
                  <HStack gap="1">
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={t.edit(product.productTitle)}
                      onClick={() => openDialog(product)}
                    >
                      {t.editLabel}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={t.delete(product.productTitle)}
                      onClick={() => setDeleting(product)}
                    >
                      {t.deleteLabel}
                    </Button>
                  </HStack>
                ) : undefined
              }
            />
          ))}
        </SimpleGrid>
      )}
      {isAdmin ? (
        <>
          <ProductDialog
            open={editing !== undefined}
            product={editing ?? null}
            roles={roles.data ?? []}
            saving={save.isPending}
            error={save.error}
            onSave={(body) =>
              save.mutate(
                { id: editing?.productId ?? null, body },
                { onSuccess: () => setEditing(undefined) },
              )
            }
            onClose={() => setEditing(undefined)}
          />
          <ConfirmDialog
            open={deleting !== null}
            title={t.confirmDeleteTitle}
            body={t.confirmDeleteBody(deleting?.productTitle ?? '')}
            confirmLabel={t.confirmDelete}
            cancelLabel={t.cancel}
            loading={remove.isPending}
            onConfirm={() => {
              if (deleting)
                remove.mutate(deleting.productId, { onSettled: () => setDeleting(null) });
            }}
            onClose={() => setDeleting(null)}
          />
        </>
      ) : null}
    </Stack>
  );
}
