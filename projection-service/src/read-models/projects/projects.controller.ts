import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import { type Principal, DomainError, difficultyLabels, getProject, listProjects } from '@app/contracts';
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
import { ownsProduct } from '../catalogue/catalogue.controller';
import { projectsProjection } from './projects.projection';

type Milestone = {
  title: string;
  body: string;
  testsCount: number;
  hiddenTests: number;
  visible: unknown[];
};

type ProjectRow = {
  project_id: string;
  number: string;
  version: number;
  name: string;
  difficulty: 1 | 2 | 3 | 4;
  free: boolean;
  summary: string;
  detail: {
    brief: string;
    contractName: string;
    milestones: Milestone[];
    starter: string;
    solution: string;
    support: string | null;
  };
};

/** projects/list and projects/get (spec 7): the blockchain track's Solidity projects. */
@Controller()
export class ProjectsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  /** Every project of the product in publication order: its summary, milestones' titles, availability. */
  @ContractRoute(listProjects)
  async list(
    @ValidatedInput() { params }: CallInput<typeof listProjects>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [projectsProjection.name]);
    const owner = ownsProduct(principal, params.product);
    const rows = await this.rows(params.product);
    return {
      items: rows.map((row) => ({
        ...this.summary(row, owner),
        milestones: row.detail.milestones.map((milestone) => ({
          title: milestone.title,
          testsCount: milestone.testsCount,
        })),
      })),
    };
  }

  /**
   * One project: the brief, each milestone's text and visible tests, the starter, the support contracts
   * and the reference solution. A free project for anyone; the others for owners (PRODUCT_NOT_OWNED).
   */
  @ContractRoute(getProject)
  async get(
    @ValidatedInput() { params, input }: CallInput<typeof getProject>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [projectsProjection.name]);
    const owner = ownsProduct(principal, params.product);
    const row = (await this.rows(params.product)).find((r) => r.project_id === input.projectId);
    if (!row)
      throw new DomainError('NOT_FOUND', `There is no project "${input.projectId}" in ${params.product}.`);
    if (!owner && !row.free)
      throw new DomainError(
        'PRODUCT_NOT_OWNED',
        `"${row.name}" is part of ${params.product}: buy it to build every project.`,
      );
    const { detail } = row;
    return {
      ...this.summary(row, owner),
      version: row.version,
      brief: detail.brief,
      contractName: detail.contractName,
      milestones: detail.milestones.map((milestone, index) => ({
        index,
        title: milestone.title,
        body: milestone.body,
        tests: milestone.visible,
        testsCount: milestone.testsCount,
        hiddenTestsCount: milestone.hiddenTests,
      })),
      starterCode: detail.starter,
      solution: detail.solution,
      support: detail.support,
    };
  }

  private async rows(product: string): Promise<ProjectRow[]> {
    const { rows } = await this.pool.query<ProjectRow>(
      `SELECT project_id, row_number() OVER (ORDER BY first_xid::xid8, first_pos::bigint) AS number, version,
              name, difficulty, free, summary, detail
         FROM rm_projects WHERE product = $1
        ORDER BY first_xid::xid8, first_pos::bigint`,
      [product],
    );
    return rows;
  }

  private summary(row: ProjectRow, owner: boolean) {
    return {
      id: row.project_id,
      name: row.name,
      summary: row.summary,
      difficulty: row.difficulty,
      difficultyLabel: difficultyLabels[row.difficulty],
      number: Number(row.number),
      isFree: row.free,
      acl: { isAvailable: owner || row.free },
    };
  }
}
