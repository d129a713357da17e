import type { NewEvent } from '@app/server-kit';

/** A question or lesson of the content folder as it would be published: its event's body and digest. */
export type ContentItem = {
  type:
    | 'QuestionPublished'
    | 'LessonPublished'
    | 'QuizQuestionPublished'
    | 'PracticeQuestionPublished'
    | 'AssessmentQuestionPublished'
    | 'DesignQuestionPublished'
    | 'GlossaryTermPublished'
    | 'SolidityQuestionPublished'
    | 'SolidityProjectPublished'
    | 'FrontendQuestionPublished';
  body: Record<string, unknown>;
  digest: string;
};

/** The latest publication of the item's stream: its revision, version and digest. */
export type LatestPublication = { revision: number; version: number; contentSha256: string };

/**
 * An item whose stream's latest event has the same digest is unchanged (nothing to append, the
 * version it holds); otherwise it is published as the stream's next version (1 for a new stream).
 */
export function decidePublishContentItem(
  item: ContentItem,
  latest: LatestPublication | undefined,
): { version: number; events: NewEvent[] } {
  if (latest?.contentSha256 === item.digest) return { version: latest.version, events: [] };
  const version = latest ? latest.revision + 2 : 1;
  const event = { type: item.type, data: { ...item.body, version, contentSha256: item.digest } } as NewEvent;
  return { version, events: [event] };
}
