import { z } from 'zod';
import { defineEvent } from './define';

const version = z.string().trim().min(1).max(100).nullable();

/**
 * Staff moved the web build bounds (spec 4, version check): builds below minSupported must reload
 * at once, below minRecommended when the tab is hidden. null clears a bound (the environment's
 * value applies again).
 */
export const UiVersionBoundsSetV1 = defineEvent({
  type: 'UiVersionBoundsSet',
  version: 1,
  schema: z.object({ minSupported: version, minRecommended: version }),
});
export type UiVersionBoundsSet = z.infer<typeof UiVersionBoundsSetV1.schema>;

export const UI_VERSION_BOUNDS_STREAM = 'settings-ui-version-bounds';
