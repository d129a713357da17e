import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison with STAFF_TOKEN (digests make the lengths equal). */
export function isStaffToken(token: string | undefined): boolean {
  const expected = process.env.STAFF_TOKEN;
  if (!token || !expected || expected.length < 32) return false;
  return timingSafeEqual(digest(token), digest(expected));
}
