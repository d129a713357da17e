import { NotFound } from '@/shared/ui/not-found';

// Until the product pages exist, unknown paths land here instead of the spec's redirect to /product.
export function Component() {
  return <NotFound />;
}
