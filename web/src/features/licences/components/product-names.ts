import { ALL_ACCESS, type ProductId } from '@app/contracts';
import { productIndex } from '@/shared/catalog/product-index';

/** How a licensed product is named on the licence pages. */
export const licensedProductName = (product: ProductId | typeof ALL_ACCESS) =>
  product === ALL_ACCESS ? 'All products' : productIndex[product].name;
