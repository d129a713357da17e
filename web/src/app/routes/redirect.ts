import { replace, type LoaderFunctionArgs } from 'react-router-dom';
import { redirectTarget } from '@/shared/routing/redirects';

/**
 * Every path the route table does not know (spec 2, Redirects): the fixed redirects, one extra segment
 * under a product page, anything else to the algorithms product page. The history entry is replaced.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return replace(redirectTarget(new URL(request.url).pathname));
}

export function Component() {
  return null;
}
