import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import { type Principal, DomainError, getProductAssessments, lessonKindOfSection } from '@app/contracts';
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
import { practiceProjection } from './practice.projection';
import { readCourseAssessment } from './course-assessment.queries';

/**
 * A course's assessment (blockchain: one per course), for the product's owners (the call's access):
 * its questions in order, each with the learner's state, and how many they answered right.
 */
@Controller()
export class CourseAssessmentsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(getProductAssessments)
  async get(
    @ValidatedInput() { params, input }: CallInput<typeof getProductAssessments>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [practiceProjection.name]);
    const course = lessonKindOfSection(input.sectionName);
    const items = course
      ? await readCourseAssessment(
          this.pool,
          params.product,
          course,
          principal.kind === 'user' ? principal.userId : null,
        )
      : [];
    if (items.length === 0)
      throw new DomainError(
        'NOT_FOUND',
        `${params.product} has no assessment for the course "${input.sectionName}".`,
      );
    return {
      sectionName: input.sectionName,
      items,
      numQuestionsCompleted: items.filter((item) => item.answeredRightAt !== null).length,
      numQuestionsRequired: items.length,
    };
  }
}
