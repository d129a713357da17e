import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import { type Announcement, getMyAnnouncements, listAnnouncements } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  ValidatedInput,
  PG_POOL,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { announcementsProjection } from './announcements.projection';

type Row = {
  announcement_id: string;
  message: string;
  site_path: string | null;
  approved_at: Date;
  expires_at: Date | null;
  withdrawn_at: Date | null;
  expired: boolean;
};

const COLUMNS = `announcement_id, message, site_path, approved_at, expires_at, withdrawn_at,
  (expires_at IS NOT NULL AND expires_at <= now()) AS expired`;

function toAnnouncement(row: Row): Announcement {
  return {
    id: row.announcement_id,
    message: row.message,
    approved_at: row.approved_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    site_path: row.site_path,
  };
}

@Controller()
export class AnnouncementsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  /**
   * Spec 7, announcement/mine: what shows now (not withdrawn, not expired at the time of the query),
   * the general ones plus, with site_path, those of exactly that page; newest approved first.
   */
  @ContractRoute(getMyAnnouncements)
  async mine(
    @ValidatedInput() { input }: CallInput<typeof getMyAnnouncements>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<Announcement[]> {
    await this.readYourWrites.ensure(request, response, [announcementsProjection.name]);
    const { rows } = await this.pool.query<Row>(
      `SELECT ${COLUMNS} FROM rm_announcements
        WHERE withdrawn_at IS NULL AND (expires_at IS NULL OR expires_at > now())
          AND (site_path IS NULL OR site_path = $1)
        ORDER BY approved_at DESC, announcement_id LIMIT 100`,
      [input.site_path ?? null],
    );
    return rows.map(toAnnouncement);
  }

  /** Staff: every announcement with its state now. */
  @ContractRoute(listAnnouncements)
  async list(
    @ValidatedInput() _: CallInput<typeof listAnnouncements>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [announcementsProjection.name]);
    const { rows } = await this.pool.query<Row>(
      `SELECT ${COLUMNS} FROM rm_announcements ORDER BY approved_at DESC, announcement_id LIMIT 1000`,
    );
    return {
      announcements: rows.map((row) => ({
        ...toAnnouncement(row),
        state: row.withdrawn_at
          ? ('withdrawn' as const)
          : row.expired
            ? ('expired' as const)
            : ('active' as const),
        withdrawn_at: row.withdrawn_at?.toISOString() ?? null,
      })),
    };
  }
}
