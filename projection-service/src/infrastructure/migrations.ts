import path from 'node:path';
import type { MigrationSet } from '@app/server-kit';

/** The read side's schema: checkpoints and every read model's tables. */
export const readModelMigrations: MigrationSet = {
  dirs: [path.resolve(__dirname, '../../migrations')],
  table: 'pgmigrations_read_models',
};
