import { z } from 'zod';

/** Affiliate codes come from the `r` query parameter; letters, digits, dash and underscore. */
export const affiliateCodeSchema = z
  .string()
  .trim()
  .min(1, 'The affiliate code is empty.')
  .max(64, 'The affiliate code is longer than 64 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'The affiliate code may contain only letters, digits, dashes and underscores.');
