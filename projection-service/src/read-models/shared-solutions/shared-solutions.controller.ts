import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  type Principal,
  type SharedSolution,
  type Vote,
  communityPageSizes,
  listSharedSolutions,
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
import { sharedSolutionsProjection } from './shared-solutions.projection';

type Row = {
  solution_id: string;
  question_id: string;
  author_id: string;
  title: string;
  explanation: string;
  language: SharedSolution['language'];
  solution: string;
  upvotes: number;
  shared_at: Date;
  author_removed: boolean;
  author_name: string | null;
  current_user_vote: number;
  total: string;
};

const ORDER = {
  votes: 's.upvotes DESC, s.shared_position DESC',
  newest: 's.shared_position DESC',
} as const;

@Controller()
export class SharedSolutionsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  /**
   * shared-solutions/list (spec 7): one page of 10 listed solutions of a question, most upvoted or
   * newest first, optionally of one language, with the viewer's own vote on each (0 signed out).
   */
  @ContractRoute(listSharedSolutions)
  async list(
    @ValidatedInput() { input }: CallInput<typeof listSharedSolutions>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [sharedSolutionsProjection.name]);
    const viewerId = principal.kind === 'user' ? principal.userId : null;
    const size = communityPageSizes.solutions;
    const { rows } = await this.pool.query<Row>(
      `SELECT s.solution_id, s.question_id, s.author_id, s.title, s.explanation, s.language, s.solution,
              s.upvotes, s.shared_at, s.author_removed, COALESCE(v.vote, 0) AS current_user_vote,
              p.username AS author_name, count(*) OVER () AS total
         FROM rm_shared_solutions s
         LEFT JOIN rm_shared_solution_votes v ON v.solution_id = s.solution_id AND v.user_id = $2::uuid
         LEFT JOIN identity_profiles p ON p.user_id = s.author_id
        WHERE s.question_id = $1 AND s.removed_at IS NULL AND ($3::text IS NULL OR s.language = $3)
        ORDER BY ${ORDER[input.sortBy]}
        LIMIT $4 OFFSET $5`,
      [input.questionId, viewerId, input.language ?? null, size, input.page * size],
    );
    const totalCount = rows.length > 0 ? Number(rows[0].total) : await this.count(input);
    return {
      solutions: rows.map((row): SharedSolution => ({
        id: row.solution_id,
        questionId: row.question_id,
        upvotes: row.upvotes,
        currentUserVote: row.current_user_vote as Vote,
        title: row.title,
        explanation: row.explanation,
        language: row.language,
        solution: row.solution,
        createdAt: row.shared_at.toISOString(),
        isOwn: viewerId !== null && row.author_id === viewerId,
        authorRemoved: row.author_removed,
        authorName: row.author_removed ? null : row.author_name,
      })),
      totalCount,
      hasMore: (input.page + 1) * size < totalCount,
    };
  }

  /** The count for a page past the end (the window count needs at least one row). */
  private async count(input: { questionId: string; language?: string }): Promise<number> {
    const { rows } = await this.pool.query<{ total: string }>(
      `SELECT count(*) AS total FROM rm_shared_solutions
        WHERE question_id = $1 AND removed_at IS NULL AND ($2::text IS NULL OR language = $2)`,
      [input.questionId, input.language ?? null],
    );
    return Number(rows[0].total);
  }
}
