import { z } from 'zod';
import type { DomainEventOf, EventDefinition, RecordedEventOf } from './define';
import { CertificateIssuedV1 } from './certificates';
import { SupportTicketOpenedV1 } from './support';
import { SiteVisitedV1, TelemetryEventRecordedV1 } from './telemetry';
import {
  AffiliateEnrolledV1,
  AffiliateExpiredV1,
  AffiliateLinkClickedV1,
  AffiliateLinkClickedV2,
  AffiliatePayoutSentV1,
  AffiliateSaleRecordedV1,
  AffiliateSaleRecordedV2,
  AffiliateSaleRefundedV1,
  PartnerGroupAssignedV1,
} from './affiliates';
import {
  AccountWipedV1,
  RoleGrantedV1,
  RoleRevokedV1,
  ScreenLeaseTakenOverV1,
  SessionRevokedV1,
  UserRegisteredV1,
  UserSignedInV1,
  UsernameSetV1,
  PricingRegionSetV1,
} from './identity';
import { UiVersionBoundsSetV1 } from './settings';
import { CodeSubmittedV1, FirstCodeRunRecordedV1, SubmissionsResetV1 } from './execution';
import { AnnouncementPublishedV1, AnnouncementWithdrawnV1 } from './announcements';
import {
  DesignQuestionPublishedV1,
  PracticeQuestionPublishedV1,
  SolidityProjectPublishedV1,
  FrontendQuestionPublishedV1,
  SolidityQuestionPublishedV1,
  AssessmentQuestionPublishedV1,
  GlossaryTermPublishedV1,
  LessonPublishedV1,
  QuestionPublishedV1,
  QuizQuestionPublishedV1,
} from './catalogue';
import { UserDataSetV1 } from './user-data';
import { ChoiceQuestionAnsweredV1, PracticeSolutionRevealedV1, QuizProgressRecordedV1 } from './quizzes';
import { AssessmentFinishedV1, AssessmentStartedV1 } from './assessments';
import {
  CheckoutExpiredV1,
  CheckoutStartedV1,
  PurchaseCompletedV1,
  PurchaseRefundedV1,
  SubscriptionActivatedV1,
  SubscriptionEndedV1,
} from './billing';
import {
  PriceListPublishedV1,
  PromoCodeCreatedV1,
  PromoCodeExpiredV1,
  PromoCodeRedeemedV1,
} from './commerce';
import {
  LicenceKeyAppliedV1,
  LicenceKeyCreatedV1,
  LicenceKeyDeletedV1,
  LicenceKeyEditedV1,
  LicenceSeatsAddedV1,
  LicenceSeatsWithdrawnV1,
} from './licences';
import { AnalyticsQueryDeletedV1, AnalyticsQueryRanV1, AnalyticsQuerySavedV1 } from './analytics';
import {
  SharedSolutionDeletedV1,
  SharedSolutionHiddenV1,
  SharedSolutionHiddenV2,
  SharedSolutionSubmittedV1,
  SharedSolutionVotedV1,
  SolutionCommentDeletedV1,
  SolutionCommentEditedV1,
  SolutionCommentHiddenV1,
  SolutionCommentHiddenV2,
  SolutionCommentPostedV1,
  SolutionCommentVotedV1,
} from './community';

/**
 * The latest version of every event type, by type: the shape every reader sees (older stored
 * versions are upcast on read). A new type is added here; a new version replaces its predecessor
 * here, which moves to `supersededDefinitions`.
 */
const latestByType = {
  TelemetryEventRecorded: TelemetryEventRecordedV1,
  SiteVisited: SiteVisitedV1,
  AffiliateLinkClicked: AffiliateLinkClickedV2,
  UserRegistered: UserRegisteredV1,
  UserSignedIn: UserSignedInV1,
  SessionRevoked: SessionRevokedV1,
  UsernameSet: UsernameSetV1,
  PricingRegionSet: PricingRegionSetV1,
  RoleGranted: RoleGrantedV1,
  RoleRevoked: RoleRevokedV1,
  ScreenLeaseTakenOver: ScreenLeaseTakenOverV1,
  AccountWiped: AccountWipedV1,
  UiVersionBoundsSet: UiVersionBoundsSetV1,
  CodeSubmitted: CodeSubmittedV1,
  SubmissionsReset: SubmissionsResetV1,
  FirstCodeRunRecorded: FirstCodeRunRecordedV1,
  AnnouncementPublished: AnnouncementPublishedV1,
  AnnouncementWithdrawn: AnnouncementWithdrawnV1,
  CertificateIssued: CertificateIssuedV1,
  QuestionPublished: QuestionPublishedV1,
  LessonPublished: LessonPublishedV1,
  QuizQuestionPublished: QuizQuestionPublishedV1,
  DesignQuestionPublished: DesignQuestionPublishedV1,
  PracticeQuestionPublished: PracticeQuestionPublishedV1,
  SolidityQuestionPublished: SolidityQuestionPublishedV1,
  SolidityProjectPublished: SolidityProjectPublishedV1,
  FrontendQuestionPublished: FrontendQuestionPublishedV1,
  AssessmentQuestionPublished: AssessmentQuestionPublishedV1,
  GlossaryTermPublished: GlossaryTermPublishedV1,
  UserDataSet: UserDataSetV1,
  QuizProgressRecorded: QuizProgressRecordedV1,
  ChoiceQuestionAnswered: ChoiceQuestionAnsweredV1,
  PracticeSolutionRevealed: PracticeSolutionRevealedV1,
  AssessmentStarted: AssessmentStartedV1,
  AssessmentFinished: AssessmentFinishedV1,
  CheckoutStarted: CheckoutStartedV1,
  CheckoutExpired: CheckoutExpiredV1,
  PurchaseCompleted: PurchaseCompletedV1,
  PurchaseRefunded: PurchaseRefundedV1,
  SubscriptionActivated: SubscriptionActivatedV1,
  SubscriptionEnded: SubscriptionEndedV1,
  SupportTicketOpened: SupportTicketOpenedV1,
  PriceListPublished: PriceListPublishedV1,
  PromoCodeCreated: PromoCodeCreatedV1,
  PromoCodeExpired: PromoCodeExpiredV1,
  PromoCodeRedeemed: PromoCodeRedeemedV1,
  LicenceSeatsAdded: LicenceSeatsAddedV1,
  LicenceSeatsWithdrawn: LicenceSeatsWithdrawnV1,
  LicenceKeyCreated: LicenceKeyCreatedV1,
  LicenceKeyEdited: LicenceKeyEditedV1,
  LicenceKeyDeleted: LicenceKeyDeletedV1,
  LicenceKeyApplied: LicenceKeyAppliedV1,
  AnalyticsQueryRan: AnalyticsQueryRanV1,
  AnalyticsQuerySaved: AnalyticsQuerySavedV1,
  AnalyticsQueryDeleted: AnalyticsQueryDeletedV1,
  SharedSolutionSubmitted: SharedSolutionSubmittedV1,
  SharedSolutionVoted: SharedSolutionVotedV1,
  SharedSolutionDeleted: SharedSolutionDeletedV1,
  SharedSolutionHidden: SharedSolutionHiddenV2,
  SolutionCommentPosted: SolutionCommentPostedV1,
  SolutionCommentEdited: SolutionCommentEditedV1,
  SolutionCommentVoted: SolutionCommentVotedV1,
  SolutionCommentDeleted: SolutionCommentDeletedV1,
  SolutionCommentHidden: SolutionCommentHiddenV2,
  AffiliateEnrolled: AffiliateEnrolledV1,
  AffiliateExpired: AffiliateExpiredV1,
  AffiliateSaleRecorded: AffiliateSaleRecordedV2,
  AffiliateSaleRefunded: AffiliateSaleRefundedV1,
  AffiliatePayoutSent: AffiliatePayoutSentV1,
  PartnerGroupAssigned: PartnerGroupAssignedV1,
} as const satisfies { [T in string]: EventDefinition<T, number, z.ZodType> };

type LatestByType = typeof latestByType;

/** Older versions, still stored: never removed while an event of that version exists. */
const supersededDefinitions = [
  AffiliateLinkClickedV1,
  AffiliateSaleRecordedV1,
  SharedSolutionHiddenV1,
  SolutionCommentHiddenV1,
] as const;

const latestDefinitions = Object.values(latestByType);
const allDefinitions = [...supersededDefinitions, ...latestDefinitions];

type AnyDefinition = EventDefinition<string, number, z.ZodType>;

/** Every event type of the platform. */
export type EventType = keyof LatestByType;

/** Latest data type per event type, derived from the definitions. */
export type EventDataMap = { [T in EventType]: z.infer<LatestByType[T]['schema']> };

/**
 * The platform's events as a discriminated union on `type`: `switch (event.type)` narrows `data`
 * without casts. `DomainEvent` is an event as written or read; `RecordedEvent` adds its place in
 * the store.
 */
export type DomainEvent = { [T in EventType]: DomainEventOf<T, EventDataMap[T]> }[EventType];
export type RecordedEvent = { [T in EventType]: RecordedEventOf<T, EventDataMap[T]> }[EventType];

/** The recorded events of some types, e.g. `RecordedEventOfType<'CodeSubmitted' | 'AccountWiped'>`. */
export type RecordedEventOfType<T extends EventType> = Extract<RecordedEvent, { type: T }>;

/** Narrows an event to some types (for filtering a batch). */
export function isEventOfType<T extends EventType>(
  event: RecordedEvent,
  ...types: readonly T[]
): event is RecordedEventOfType<T> {
  return (types as readonly string[]).includes(event.type);
}

const byType = new Map<string, AnyDefinition[]>();
for (const definition of allDefinitions as readonly AnyDefinition[]) {
  const versions = byType.get(definition.type) ?? [];
  versions[definition.version - 1] = definition;
  byType.set(definition.type, versions);
}
for (const [type, versions] of byType) {
  versions.forEach((definition, index) => {
    if (!definition) throw new Error(`${type} is missing version ${index + 1}`);
  });
}
for (const definition of latestDefinitions as readonly AnyDefinition[]) {
  if (byType.get(definition.type)!.length !== definition.version) {
    throw new Error(
      `${definition.type} v${definition.version} is listed as latest but a later version exists`,
    );
  }
}

export class UnknownEventTypeError extends Error {
  constructor(
    readonly eventType: string,
    readonly eventVersion?: number,
  ) {
    super(`Unknown event type ${eventType}${eventVersion ? ` v${eventVersion}` : ''}.`);
  }
}

export class InvalidEventDataError extends Error {
  constructor(
    readonly eventType: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`Data of ${eventType} does not match its schema: ${z.prettifyError(new z.ZodError(issues))}`);
  }
}

export const eventTypes = [...byType.keys()] as EventType[];

export function isKnownEventType(type: string): type is EventType {
  return byType.has(type);
}

export function latestVersion(type: string): number {
  const versions = byType.get(type);
  if (!versions) throw new UnknownEventTypeError(type);
  return versions.length;
}

/** Parses data of one type with its latest schema. */
function parseLatest<T extends EventType>(type: T, data: unknown): z.ZodSafeParseResult<EventDataMap[T]> {
  // zod gives the parse of some member of the map, which TypeScript cannot tie to T: said once, here.
  return latestByType[type].schema.safeParse(data) as z.ZodSafeParseResult<EventDataMap[T]>;
}

/** Validates new event data against the latest version of its type. Returns the parsed data. */
export function validateEventData<T extends EventType>(type: T, data: unknown): EventDataMap[T] {
  if (!Object.hasOwn(latestByType, type)) throw new UnknownEventTypeError(type);
  const result = parseLatest(type, data);
  if (!result.success) throw new InvalidEventDataError(type, result.error.issues);
  return result.data;
}

/**
 * Brings stored data of any version up to the latest version by applying each
 * `upcastFromPrevious` in turn. Stored rows are never rewritten.
 */
export function upcast(
  type: string,
  storedVersion: number,
  data: unknown,
): { version: number; data: unknown } {
  const versions = byType.get(type);
  if (!versions || !versions[storedVersion - 1]) throw new UnknownEventTypeError(type, storedVersion);
  let current = data;
  for (let version = storedVersion + 1; version <= versions.length; version++) {
    current = versions[version - 1].upcastFromPrevious!(current);
  }
  return { version: versions.length, data: current };
}

/** A stored event as read: everything but the data, which is still in its stored version. */
export type StoredEvent = Omit<RecordedEventOf<string, unknown>, 'data'> & { data: unknown };

/**
 * A stored event read back (from the store, or from the bus), its data brought from `dataVersion`
 * up to the latest version. The one place stored data is taken as typed: the store validated it
 * against its version's schema when it was appended, and each upcaster returns the next version's
 * shape. An unknown type or version throws `UnknownEventTypeError`.
 */
export function recordedEvent(stored: StoredEvent, dataVersion: number): RecordedEvent {
  const latest = upcast(stored.type, dataVersion, stored.data);
  // Built field by field (not spread): every event read goes through here.
  return {
    type: stored.type,
    data: latest.data,
    metadata: stored.metadata,
    streamId: stored.streamId,
    revision: stored.revision,
    position: stored.position,
    transactionId: stored.transactionId,
    storedVersion: stored.storedVersion,
  } as RecordedEvent;
}
