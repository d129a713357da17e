import { decidePublishContentItem } from './decide-publish-content';

const body = { product: 'algoexpert', kind: 'explanations', lessonId: 'intro', lesson: { title: 'Intro' } };
const item = { type: 'LessonPublished' as const, body, digest: 'b'.repeat(64) };

describe('publish content: given the latest publication of an item, when the folder is published, then', () => {
  it('version 1 of a new item', () => {
    expect(decidePublishContentItem(item, undefined)).toEqual({
      version: 1,
      events: [{ type: 'LessonPublished', data: { ...body, version: 1, contentSha256: item.digest } }],
    });
  });

  it('the next version of a changed item', () => {
    expect(
      decidePublishContentItem(item, { revision: 1, version: 2, contentSha256: 'a'.repeat(64) }),
    ).toEqual({
      version: 3,
      events: [{ type: 'LessonPublished', data: { ...body, version: 3, contentSha256: item.digest } }],
    });
  });

  it('nothing for an unchanged item, which keeps its version', () => {
    expect(decidePublishContentItem(item, { revision: 4, version: 5, contentSha256: item.digest })).toEqual({
      version: 5,
      events: [],
    });
  });
});
