import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  type AssessmentAttempt,
  type AssessmentSummary,
  type CurrentAssessment,
  type Difficulty,
  DomainError,
  type Principal,
  type SubmissionStatus,
  assessmentTimeLimitSeconds,
  difficultyLabels,
  getAssessmentDetails,
  getCurrentAssessment,
  listAssessments,
  submissionStatuses,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  requireUser,
  PG_POOL,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { assessmentsProjection } from './assessments.projection';

type QuestionRow = { question_id: string; name: string; category: string; difficulty: Difficulty };

type AttemptRow = {
  assessment_id: string;
  question_id: string;
  name: string | null;
  started_at: Date;
  expires_at: Date;
  time_limit_seconds: number;
  finished_at: Date | null;
  outcome: 'submitted' | 'abandoned' | 'timedOut' | null;
  result: AssessmentAttempt['result'] & { submissionId?: string };
  out_of_time: boolean;
};

const ATTEMPT_COLUMNS = `a.assessment_id, a.question_id, q.name, a.started_at, a.expires_at, a.time_limit_seconds,
  a.finished_at, a.outcome, a.result, a.expires_at <= now() AS out_of_time`;

/** An assessment as the learner sees it: one still unfinished after its time ran out is timed out. */
function attemptOf(row: AttemptRow): AssessmentAttempt {
  const timedOutUnseen = row.outcome === null && row.out_of_time;
  return {
    assessmentId: row.assessment_id,
    questionId: row.question_id,
    name: row.name ?? row.question_id,
    startedAt: row.started_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    finishedAt: (row.finished_at ?? (timedOutUnseen ? row.expires_at : null))?.toISOString() ?? null,
    state: row.outcome ?? (timedOutUnseen ? 'timedOut' : 'running'),
    result: row.result && {
      language: row.result.language,
      status: row.result.status,
      testsPassed: row.result.testsPassed,
      testsTotal: row.result.testsTotal,
    },
  };
}

const rank = (status: SubmissionStatus | null) => (status ? submissionStatuses.indexOf(status) : -1);

/**
 * assessments/list, current/get and details/get (spec 7): the questions grouped by difficulty label with
 * the learner's attempts on each, the learner's history, the assessment running now and one question.
 */
@Controller()
export class AssessmentsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(listAssessments)
  async list(
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    await this.readYourWrites.ensure(request, response, [assessmentsProjection.name]);
    const [questions, history] = await Promise.all([
      this.pool.query<QuestionRow>(
        'SELECT question_id, name, category, difficulty FROM rm_assessment_questions ORDER BY difficulty, name',
      ),
      this.attempts(user.userId),
    ]);
    const groupedSummaries: Record<string, AssessmentSummary[]> = {};
    for (const question of questions.rows) {
      const mine = history.filter((attempt) => attempt.questionId === question.question_id);
      const best = mine.reduce<SubmissionStatus | null>(
        (top, attempt) =>
          attempt.state === 'submitted' && attempt.result && rank(attempt.result.status) > rank(top)
            ? attempt.result.status
            : top,
        null,
      );
      const label = difficultyLabels[question.difficulty];
      (groupedSummaries[label] ??= []).push({
        questionId: question.question_id,
        name: question.name,
        category: question.category,
        difficulty: question.difficulty,
        timeLimitSeconds: assessmentTimeLimitSeconds(question.difficulty),
        attempts: mine.length,
        bestStatus: best,
      });
    }
    return { groupedSummaries, history };
  }

  @ContractRoute(getCurrentAssessment)
  async current(
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<{ assessment: CurrentAssessment | null }> {
    const user = requireUser(principal);
    await this.readYourWrites.ensure(request, response, [assessmentsProjection.name]);
    const { rows } = await this.pool.query<AttemptRow>(
      `SELECT ${ATTEMPT_COLUMNS}
         FROM rm_assessments a LEFT JOIN rm_assessment_questions q USING (question_id)
        WHERE a.user_id = $1 AND a.outcome IS NULL AND a.expires_at > now()
        ORDER BY a.started_at DESC LIMIT 1`,
      [user.userId],
    );
    const row = rows[0];
    if (!row) return { assessment: null };
    return {
      assessment: {
        assessmentId: row.assessment_id,
        questionId: row.question_id,
        name: row.name ?? row.question_id,
        startedAt: row.started_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
        timeLimitSeconds: row.time_limit_seconds,
      },
    };
  }

  /** One question by id (slug) or name, case-insensitive; 404 when there is none. */
  @ContractRoute(getAssessmentDetails)
  async details(
    @ValidatedInput() { input }: CallInput<typeof getAssessmentDetails>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    await this.readYourWrites.ensure(request, response, [assessmentsProjection.name]);
    const { rows } = await this.pool.query<QuestionRow>(
      `SELECT question_id, name, category, difficulty FROM rm_assessment_questions
        WHERE question_id = lower($1) OR lower(name) = lower($1)
        ORDER BY question_id = lower($1) DESC LIMIT 1`,
      [input.questionId],
    );
    const question = rows[0];
    if (!question)
      throw new DomainError('NOT_FOUND', `There is no assessment question "${input.questionId}".`);
    const attempts = await this.attempts(user.userId, question.question_id);
    return {
      id: question.question_id,
      name: question.name,
      category: question.category,
      difficulty: question.difficulty,
      timeLimitSeconds: assessmentTimeLimitSeconds(question.difficulty),
      attempts,
    };
  }

  /** The learner's assessments, newest first (of one question when given). */
  private async attempts(userId: string, questionId?: string): Promise<AssessmentAttempt[]> {
    const { rows } = await this.pool.query<AttemptRow>(
      `SELECT ${ATTEMPT_COLUMNS}
         FROM rm_assessments a LEFT JOIN rm_assessment_questions q USING (question_id)
        WHERE a.user_id = $1 AND ($2::text IS NULL OR a.question_id = $2)
        ORDER BY a.started_at DESC, a.assessment_id`,
      [userId, questionId ?? null],
    );
    return rows.map(attemptOf);
  }
}
