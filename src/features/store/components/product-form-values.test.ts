import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../domain/store';
import { NEW_PRODUCT_VALUES, productToValues, valuesToProduct } from './product-form-values';

const product: Product = {
  productId: 3,
  productTitle: 'VIP month',
  productDescription: '<p>Fast</p>',
  productRole: 2,
  productRoleDuration: 30,
  productPrice: 799,
  productSale: 0.2,
  productInvites: 1,
  productBalance: 1000,
  productSubscription: true,
  productCollectionId: null,
  productTranscode: false,
};

describe('the product dialog values', () => {
  it('starts a new product at 5.00 with no sale', () => {
    expect(NEW_PRODUCT_VALUES.price).toBe('5.00');
    expect(NEW_PRODUCT_VALUES.sale).toBe('0');
  });

  it('shows a product in units and percent, and sends it back unchanged', () => {
    const values = productToValues(product);
    expect(values).toMatchObject({ price: '7.99', sale: '20', balance: '10.00', roleId: '2' });
    const { productId: _id, ...wire } = product;
    expect(valuesToProduct(values).body).toEqual(wire);
  });

  it('sends price and balance in cents and the sale as a fraction', () => {
    const { body } = valuesToProduct({
      ...NEW_PRODUCT_VALUES,
      title: ' Bundle ',
      price: '12.34',
      sale: '20',
      balance: '10',
      collectionId: '42',
    });
    expect(body).toMatchObject({
      productTitle: 'Bundle',
      productPrice: 1234,
      productSale: 0.2,
      productBalance: 1000,
      productCollectionId: 42,
      productRole: null,
      productRoleDuration: null,
    });
  });

  it('names the fields that cannot be sent as typed', () => {
    const result = valuesToProduct({
      ...NEW_PRODUCT_VALUES,
      title: 'x',
      price: '1.999',
      sale: '-3',
      invites: 'many',
      roleDuration: '0',
    });
    expect(result.body).toBeNull();
    expect(result.errors).toEqual({
      price: 'money',
      sale: 'sale',
      invites: 'whole',
      roleDuration: 'whole',
    });
  });
});
