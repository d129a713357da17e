import { projectStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { projectsProjection as projection } from './projects.projection';

const published = (projectId: string, version: number, free = false): GivenEvent => ({
  type: 'SolidityProjectPublished',
  streamId: projectStreamId('blockchainexpert', projectId),
  data: {
    product: 'blockchainexpert',
    projectId,
    version,
    contentSha256: String(version).repeat(64),
    project: {
      name: `Project ${projectId} v${version}`,
      difficulty: 2,
      free,
      summary: 'A contract built over two milestones.',
      brief: 'Build it step by step.',
      contractName: 'Campaign',
      milestones: [
        {
          title: 'Pledges',
          body: 'Accept pledges before the deadline.',
          testsCount: 3,
          hiddenTests: 1,
          visible: [{ name: 'pledges add up', steps: [{ call: 'total', expect: { returns: ['0'] } }] }],
        },
        {
          title: 'Refunds',
          body: 'Refund when the goal was missed.',
          testsCount: 2,
          hiddenTests: 0,
          visible: [],
        },
      ],
    },
    testsSha256: 'a'.repeat(64),
    starter: '// SPDX-License-Identifier: MIT\ncontract Campaign {}',
    solution: '// SPDX-License-Identifier: MIT\ncontract Campaign { uint public total; }',
  },
});

describe('projects read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given a project and its next version out of order, when projected, then its row is the latest, where it was first published', async () => {
    const rows = await scenario.given(projection, [
      published('crowdfunding', 1),
      published('nft', 1, true),
      published('crowdfunding', 2),
      published('crowdfunding', 1),
    ]);
    const byId = Object.fromEntries(rows.rm_projects.map((row) => [row.project_id, row]));
    expect(byId.crowdfunding).toMatchObject({ version: 2, name: 'Project crowdfunding v2', free: false });
    expect(byId.nft).toMatchObject({ version: 1, free: true });
    expect(BigInt(String(byId.crowdfunding.first_pos))).toBeLessThan(BigInt(String(byId.nft.first_pos)));
    expect(byId.crowdfunding.detail).toMatchObject({
      contractName: 'Campaign',
      milestones: [expect.objectContaining({ title: 'Pledges', testsCount: 3 }), expect.anything()],
      support: null,
    });
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events = [published('crowdfunding', 1), published('nft', 1), published('crowdfunding', 2)];
    for (const liveBatchSize of [1, 2]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_projects.map((row) => [row.project_id, row.version]).sort()).toEqual([
        ['crowdfunding', 2],
        ['nft', 1],
      ]);
    }
  });
});
