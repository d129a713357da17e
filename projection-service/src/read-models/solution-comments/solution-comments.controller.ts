import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  type Comment,
  DomainError,
  type Principal,
  type Vote,
  communityPageSizes,
  listComments,
  listNestedComments,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  PG_POOL,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { solutionCommentsProjection } from './solution-comments.projection';

type Row = {
  comment_id: string;
  solution_id: string;
  parent_id: string | null;
  author_id: string;
  content: string;
  was_edited: boolean;
  upvotes: number;
  num_children: number;
  posted_position: string;
  posted_at: Date;
  removed: boolean;
  author_removed: boolean;
  author_name: string | null;
  current_user_vote: number;
};

/** The columns of a comment seen by the viewer ($2); removed ones show as deleted, without text. */
const COLUMNS = `c.comment_id, c.solution_id, c.parent_id, c.author_id, c.content, c.was_edited, c.upvotes,
  c.num_children, c.posted_position, c.posted_at, c.removed_at IS NOT NULL AS removed, c.author_removed,
  COALESCE(v.vote, 0) AS current_user_vote, p.username AS author_name`;
/** The viewer's vote, and the author's public username (a handle the author chose to show; nothing else). */
const JOIN_VIEWER = `LEFT JOIN rm_solution_comment_votes v ON v.comment_id = c.comment_id AND v.user_id = $2::uuid
  LEFT JOIN identity_profiles p ON p.user_id = c.author_id`;
/** A removed comment stays only while it has replies (they keep their thread). */
const SHOWN = `(c.removed_at IS NULL OR c.num_children > 0)`;

function toComment(row: Row, viewerId: string | null): Comment {
  return {
    id: row.comment_id,
    solutionId: row.solution_id,
    parentId: row.parent_id,
    content: row.removed ? '' : row.content,
    upvotes: row.upvotes,
    currentUserVote: row.current_user_vote as Vote,
    wasEdited: row.was_edited,
    numChildren: row.num_children,
    createdAt: row.posted_at.toISOString(),
    isOwn: viewerId !== null && row.author_id === viewerId,
    deleted: row.removed,
    authorRemoved: row.author_removed,
    authorName: row.removed || row.author_removed ? null : row.author_name,
  };
}

@Controller()
export class SolutionCommentsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  /** shared-solutions/comments/list (spec 7): one page of 20 top-level comments, newest first. */
  @ContractRoute(listComments)
  async list(
    @ValidatedInput() { input }: CallInput<typeof listComments>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [solutionCommentsProjection.name]);
    const viewerId = principal.kind === 'user' ? principal.userId : null;
    const size = communityPageSizes.comments;
    const [page, total] = await Promise.all([
      this.pool.query<Row>(
        `SELECT ${COLUMNS} FROM rm_solution_comments c ${JOIN_VIEWER}
          WHERE c.solution_id = $1 AND c.parent_id IS NULL AND ${SHOWN}
          ORDER BY c.posted_position DESC LIMIT $3 OFFSET $4`,
        [input.solutionId, viewerId, size, input.page * size],
      ),
      this.pool.query<{ total: string }>(
        `SELECT count(*) AS total FROM rm_solution_comments c
          WHERE c.solution_id = $1 AND c.parent_id IS NULL AND ${SHOWN}`,
        [input.solutionId],
      ),
    ]);
    const totalCount = Number(total.rows[0].total);
    return {
      comments: page.rows.map((row) => toComment(row, viewerId)),
      totalCount,
      hasMore: (input.page + 1) * size < totalCount,
    };
  }

  /**
   * shared-solutions/nested-comments/list (spec 7): the next 10 replies to a comment, oldest first,
   * after the cursor (the last reply's place in the global order; absent: from the start).
   */
  @ContractRoute(listNestedComments)
  async nested(
    @ValidatedInput() { input }: CallInput<typeof listNestedComments>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const cursor = input.cursor ?? null;
    if (cursor !== null && !/^\d{1,19}$/.test(cursor)) {
      throw new DomainError('VALIDATION_FAILED', 'The cursor is not one a previous batch answered.');
    }
    await this.readYourWrites.ensure(request, response, [solutionCommentsProjection.name]);
    const viewerId = principal.kind === 'user' ? principal.userId : null;
    const size = communityPageSizes.replies;
    const { rows } = await this.pool.query<Row>(
      `SELECT ${COLUMNS} FROM rm_solution_comments c ${JOIN_VIEWER}
        WHERE c.parent_id = $1 AND ${SHOWN} AND ($3::bigint IS NULL OR c.posted_position > $3::bigint)
        ORDER BY c.posted_position LIMIT $4`,
      [input.parentId, viewerId, cursor, size + 1],
    );
    const batch = rows.slice(0, size);
    const hasMore = rows.length > size;
    return {
      comments: batch.map((row) => toComment(row, viewerId)),
      cursor: hasMore ? batch[batch.length - 1].posted_position : null,
      hasMore,
    };
  }
}
