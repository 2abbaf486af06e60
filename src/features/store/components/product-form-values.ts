import type { Product } from '../../../../domain/store';
import {
  centsToUnits,
  fractionToPercent,
  NEW_PRODUCT_PRICE_CENTS,
  percentToFraction,
  unitsToCents,
} from '../../../../domain/store-forms';
import type { ProductCreate } from '../api/save-product';

/** The product dialog's fields as typed: money in units, the sale as a percentage. */
export interface ProductFormValues {
  title: string;
  description: string;
  price: string;
  sale: string;
  roleId: string;
  roleDuration: string;
  invites: string;
  balance: string;
  collectionId: string;
  subscription: boolean;
  transcode: boolean;
}

export const NEW_PRODUCT_VALUES: ProductFormValues = {
  title: '',
  description: '',
  price: centsToUnits(NEW_PRODUCT_PRICE_CENTS),
  sale: '0',
  roleId: '',
  roleDuration: '',
  invites: '0',
  balance: '0.00',
  collectionId: '',
  subscription: false,
  transcode: false,
};

export function productToValues(product: Product): ProductFormValues {
  return {
    title: product.productTitle,
    description: product.productDescription,
    price: centsToUnits(product.productPrice),
    sale: fractionToPercent(product.productSale),
    roleId: product.productRole === null ? '' : String(product.productRole),
    roleDuration: product.productRoleDuration === null ? '' : String(product.productRoleDuration),
    invites: String(product.productInvites),
    balance: centsToUnits(product.productBalance),
    collectionId: product.productCollectionId === null ? '' : String(product.productCollectionId),
    subscription: product.productSubscription,
    transcode: product.productTranscode,
  };
}

export type ProductFormErrors = Partial<
  Record<keyof ProductFormValues, 'money' | 'sale' | 'whole'>
>;

/** An empty field means "none" (null); otherwise a positive whole number. */
function optionalWhole(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  return /^\s*\d{1,9}\s*$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}

/** The request body for PUT/POST /api/product, or the fields that cannot be sent as typed. */
export function valuesToProduct(
  values: ProductFormValues,
): { body: ProductCreate; errors: null } | { body: null; errors: ProductFormErrors } {
  const errors: ProductFormErrors = {};
  const price = unitsToCents(values.price);
  if (price === null) errors.price = 'money';
  const balance = unitsToCents(values.balance);
  if (balance === null) errors.balance = 'money';
  const sale = percentToFraction(values.sale);
  if (sale === null) errors.sale = 'sale';
  const invites = /^\s*\d{1,5}\s*$/.test(values.invites) ? Number(values.invites) : null;
  if (invites === null) errors.invites = 'whole';
  const role = values.roleId === '' ? null : Number(values.roleId);
  const roleDuration = optionalWhole(values.roleDuration);
  if (roleDuration === undefined) errors.roleDuration = 'whole';
  const collectionId = optionalWhole(values.collectionId);
  if (collectionId === undefined) errors.collectionId = 'whole';
  if (
    price === null ||
    balance === null ||
    sale === null ||
    invites === null ||
    roleDuration === undefined ||
    collectionId === undefined
  ) {
    return { body: null, errors };
  }
  return {
    errors: null,
    body: {
      productTitle: values.title.trim(),
      productDescription: values.description,
      productPrice: price,
      productSale: sale,
      productRole: role,
      productRoleDuration: roleDuration,
      productInvites: invites,
      productBalance: balance,
      productCollectionId: collectionId,
      productSubscription: values.subscription,
      productTranscode: values.transcode,
    },
  };
}
