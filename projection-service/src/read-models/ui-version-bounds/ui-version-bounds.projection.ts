import { defineProjection } from '../../runtime/projection';

/** The last bounds staff set; only the latest event of a batch matters. */
export const uiVersionBoundsProjection = defineProjection({
  name: 'ui-version-bounds',
  eventTypes: ['UiVersionBoundsSet'],
  tables: ['rm_ui_version_bounds'],
  async apply(events, tx) {
    const last = events.at(-1);
    if (!last) return;
    const data = last.data;
    await tx.query(
      `INSERT INTO rm_ui_version_bounds (id, min_supported, min_recommended, updated_at) VALUES (1, $1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET min_supported = EXCLUDED.min_supported,
         min_recommended = EXCLUDED.min_recommended, updated_at = EXCLUDED.updated_at`,
      [data.minSupported, data.minRecommended, last.metadata.occurredAt],
    );
  },
});
