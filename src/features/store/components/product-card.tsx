import {
  Badge,
  Button,
  HStack,
  Link as ChakraLink,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../../domain/format';
import type { Role } from '../../../../domain/role';
import { fullPrice, type Product } from '../../../../domain/store';
import { storeStrings } from '../../../lib/strings';
import { RichText } from './rich-text';
import { primaryButtonProps } from '../../../ui/primary-button-props';
import { SectionCard } from './section-card';

const t = storeStrings.products;

/** What buying the product gives, one line each (the fields that are set). */
function benefits(product: Product, roles: Role[] | undefined): string[] {
  const lines: string[] = [];
  if (product.productRole !== null) {
    const role = roles?.find((r) => r.roleId === product.productRole);
    const name = role?.roleName ?? t.unknownRole(product.productRole);
    lines.push(
      product.productRoleDuration === null
        ? t.role(name)
        : t.roleDays(name, product.productRoleDuration),
    );
  }
  if (product.productBalance > 0) lines.push(t.balance(formatMoney(product.productBalance)));
  if (product.productInvites > 0) lines.push(t.invites(product.productInvites));
  if (product.productTranscode) lines.push(t.transcode);
  return lines;
}

/** One product: title, description, sale and full price, what it gives and its Buy button. */
export function ProductCard({
  product,
  roles,
  onBuy,
  adminActions,
}: {
  product: Product;
  roles: Role[] | undefined;
  onBuy: (product: Product) => void;
  adminActions?: ReactNode;
}) {
  const onSale = product.productSale > 0;
  return (
    <SectionCard title={product.productTitle} actions={adminActions} testId="product-card">
      {product.productSubscription ? (
        <Badge alignSelf="start" colorPalette="teal">
          {t.subscription}
        </Badge>
      ) : null}
      <RichText html={product.productDescription} />
      <Stack as="ul" gap="1" fontSize="sm" color="fg.muted" listStyleType="none">
        {benefits(product, roles).map((line) => (
          <li key={line}>{line}</li>
        ))}
        {product.productCollectionId !== null ? (
          <li>
            <ChakraLink asChild color="brand.fg">
              <Link
                to="/collection/$id"
                params={{
                  id: String(product.productCollectionId),
                  collectionId: product.productCollectionId,
                }}
              >
                {t.collection}
              </Link>
            </ChakraLink>
          </li>
        ) : null}
      </Stack>
      <HStack justify="space-between" align="center" mt="auto" gap="3" flexWrap="wrap">
        <HStack gap="2" align="baseline">
          <Text fontSize="xl" fontWeight="bold" data-testid="product-price">
            {formatMoney(product.productPrice)}
          </Text>
          {onSale ? (
            <Text color="fg.muted">
              <VisuallyHidden>{t.fullPriceLabel}</VisuallyHidden>
              <s data-testid="product-full-price">{formatMoney(fullPrice(product))}</s>
            </Text>
          ) : null}
        </HStack>
        <Button
          {...primaryButtonProps}
          aria-label={t.buy(product.productTitle)}
          onClick={() => onBuy(product)}
        >
          {t.buyLabel}
        </Button>
      </HStack>
    </SectionCard>
  );
}
