import type { Pool } from 'pg';
import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, PgEventStore } from '@app/server-kit';
import type { ProblemProductId, QuizQuestionContent } from '@app/contracts';

/**
 * A product's quiz questions as the command side reads them: the latest QuizQuestionPublished of each
 * question's stream, in order. The judge decides from the store, never from a read model.
 */
@Injectable()
export class PublishedQuiz {
  private readonly store: PgEventStore;

  constructor(@Inject(PG_POOL) pool: Pool) {
    this.store = new PgEventStore(pool);
  }

  async questions(product: ProblemProductId): Promise<QuizQuestionContent[]> {
    const latest = await this.store.latestOfTypeByStream('QuizQuestionPublished', 'product', product);
    return latest
      .map((event) => event.data.question)
      .sort((a, b) => a.order - b.order || (a.slug < b.slug ? -1 : 1));
  }

  /** The lessons' practice questions (the latest PracticeQuestionPublished of each): the ones a learner may reveal. */
  async practiceQuestions(product: ProblemProductId): Promise<QuizQuestionContent[]> {
    const latest = await this.store.latestOfTypeByStream('PracticeQuestionPublished', 'product', product);
    return latest.map((event) => event.data.question);
  }

  /**
   * Every question a learner may practise one at a time (submissions/mcq|fitb/create): the quiz's and
   * the lessons' practice questions and the courses' assessment questions (the latest
   * PracticeQuestionPublished and AssessmentQuestionPublished of each).
   */
  async choiceQuestions(product: ProblemProductId): Promise<QuizQuestionContent[]> {
    const [quiz, practice, assessment] = await Promise.all([
      this.questions(product),
      this.store.latestOfTypeByStream('PracticeQuestionPublished', 'product', product),
      this.store.latestOfTypeByStream('AssessmentQuestionPublished', 'product', product),
    ]);
    return [
      ...quiz,
      ...practice.map((event) => event.data.question),
      ...assessment.map((event) => event.data.question),
    ];
  }
}
