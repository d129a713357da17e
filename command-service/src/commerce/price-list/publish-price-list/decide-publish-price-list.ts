import { DomainError } from '@app/contracts';
import type { Decision } from '../../../infrastructure/aggregate-store';
import { canonicalJson } from '../../../content/canonical-json';
import type { PublishedPriceList } from '../price-list.aggregate';
import type { PublishPriceListCommand } from './publish-price-list.command';

/**
 * A list is published when its version is above the published one (charges name the version they
 * were priced with, so a version never changes meaning). The same version again is a no-op when the
 * list is identical (a restart with the same content; compared
 * canonically, as the store's JSON keeps no key order), a refusal when it differs.
 */
export function decidePublishPriceList(
  { list }: PublishPriceListCommand,
  published: PublishedPriceList,
): Decision {
  if (published && list.version <= published.version) {
    if (list.version === published.version && canonicalJson(list) === canonicalJson(published)) return [];
    return new DomainError(
      'WRONG_EXPECTED_VERSION',
      `Price list version ${published.version} is published; publish a version above it (this one is ${list.version}).`,
    );
  }
  return [{ type: 'PriceListPublished', data: { version: list.version, list } }];
}
