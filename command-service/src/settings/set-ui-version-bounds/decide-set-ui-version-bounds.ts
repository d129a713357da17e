import type { Decision } from '../../infrastructure/aggregate-store';
import type { SetUiVersionBoundsCommand } from './set-ui-version-bounds.command';

/**
 * The bounds need no state: the request schema has checked them, and each setting replaces the one
 * before (the latest UiVersionBoundsSet is what the version check reads).
 */
export function decideSetUiVersionBounds({ request }: SetUiVersionBoundsCommand): Decision {
  return [{ type: 'UiVersionBoundsSet', data: request }];
}
