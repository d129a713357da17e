import path from 'node:path';
import type { MigrationSet } from '@app/command-service';

/** The read side's schema: checkpoints and every read model's tables. */
export const readModelMigrations: MigrationSet = {
  dir: path.resolve(__dirname, '../../migrations'),
  table: 'pgmigrations_read_models',
};
