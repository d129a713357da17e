import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { DomainError, priceListSchema } from '@app/contracts';
import { CONFIG, LOGGER, type Appended } from '@app/server-kit';
import type { CommandServiceConfig } from '../../../infrastructure/config';
import { contentDir } from '../../../content/content-files';
import { PublishPriceListCommand } from './publish-price-list.command';

/**
 * Publishes content/commerce/price-list.json at start when its version is above the published one
 * (PUBLISH_CONTENT=false turns it off, as for the rest of the content). A bad or older file is logged
 * and leaves the published list as it is.
 */
@Injectable()
export class PriceListPublisher implements OnApplicationBootstrap {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(CONFIG) private readonly config: CommandServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.env.PUBLISH_CONTENT === 'false') return;
    const file = join(this.config.env.CONTENT_DIR ?? contentDir(), 'commerce', 'price-list.json');
    if (!existsSync(file)) {
      this.logger.info({ file }, 'no price list in the content folder; the published one stays');
      return;
    }
    try {
      const appended = await this.publishFromContent(file);
      this.logger.info({ position: appended.position }, 'price list published or unchanged');
    } catch (error) {
      if (error instanceof DomainError)
        this.logger.warn({ err: error }, 'the content price list was not published');
      else this.logger.error({ err: error }, 'publishing the content price list failed');
    }
  }

  publishFromContent(file: string): Promise<Appended> {
    const list = priceListSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    return this.commandBus.execute<PublishPriceListCommand, Appended>(
      new PublishPriceListCommand(list, {
        actor: { kind: 'system', id: 'price-list-publisher' },
        correlationId: `price-list-${list.version}`,
      }),
    );
  }
}
