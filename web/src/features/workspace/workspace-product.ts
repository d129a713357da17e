import { createContext, useContext, useMemo } from 'react';
import { type CodingProduct, codingProducts } from '@/shared/catalog/coding-products';

/** The product whose question the workspace shows (AlgoExpert unless a route says otherwise). */
export const WorkspaceProductContext = createContext<CodingProduct>(codingProducts.algoexpert);

/** The workspace's product, and the `{ product }` params of its calls (stable per product). */
export function useWorkspaceProduct() {
  const product = useContext(WorkspaceProductContext);
  const params = useMemo(() => ({ product: product.product }), [product.product]);
  return { ...product, params };
}
