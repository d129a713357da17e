import path from 'node:path';
import { eventStoreMigrations, extendMigrations } from '@app/server-kit';

/**
 * The write side's schema: the kit's (event store, identity) and the command-service's own tables
 * (user-data documents, billing purchases), in one migrations table as they always were.
 */
export const commandServiceMigrations = extendMigrations(
  eventStoreMigrations,
  path.resolve(__dirname, '../../migrations'),
);
