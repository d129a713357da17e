import { z } from 'zod';
import type { EventDefinition } from './define';
import { CertificateIssuedV1 } from './certificates';
import { TelemetryEventRecordedV1 } from './telemetry';
import { AffiliateLinkClickedV1, AffiliateLinkClickedV2 } from './affiliates';
import {
  AccountWipedV1,
  RoleGrantedV1,
  RoleRevokedV1,
  ScreenLeaseTakenOverV1,
  SessionRevokedV1,
  UserRegisteredV1,
  UserSignedInV1,
  UsernameSetV1,
} from './identity';
import { UiVersionBoundsSetV1 } from './settings';
import { CodeSubmittedV1, SubmissionsResetV1 } from './execution';
import { AnnouncementPublishedV1, AnnouncementWithdrawnV1 } from './announcements';
import { LessonPublishedV1, QuestionPublishedV1 } from './catalogue';
import { UserDataSetV1 } from './user-data';
import {
  PurchaseCompletedV1,
  PurchaseRefundedV1,
  SubscriptionActivatedV1,
  SubscriptionEndedV1,
} from './billing';

/* Every version of every domain event. Add new versions here; never remove old ones while stored. */
const allDefinitions = [
  TelemetryEventRecordedV1,
  AffiliateLinkClickedV1,
  AffiliateLinkClickedV2,
  UserRegisteredV1,
  UserSignedInV1,
  SessionRevokedV1,
  UsernameSetV1,
  RoleGrantedV1,
  RoleRevokedV1,
  ScreenLeaseTakenOverV1,
  AccountWipedV1,
  UiVersionBoundsSetV1,
  CodeSubmittedV1,
  SubmissionsResetV1,
  AnnouncementPublishedV1,
  AnnouncementWithdrawnV1,
  CertificateIssuedV1,
  QuestionPublishedV1,
  LessonPublishedV1,
  UserDataSetV1,
  PurchaseCompletedV1,
  PurchaseRefundedV1,
  SubscriptionActivatedV1,
  SubscriptionEndedV1,
] as const;

type AnyDefinition = EventDefinition<string, number, z.ZodType>;

/** Latest data type per event type. */
export type EventDataMap = {
  TelemetryEventRecorded: z.infer<typeof TelemetryEventRecordedV1.schema>;
  AffiliateLinkClicked: z.infer<typeof AffiliateLinkClickedV2.schema>;
  UserRegistered: z.infer<typeof UserRegisteredV1.schema>;
  UserSignedIn: z.infer<typeof UserSignedInV1.schema>;
  SessionRevoked: z.infer<typeof SessionRevokedV1.schema>;
  UsernameSet: z.infer<typeof UsernameSetV1.schema>;
  RoleGranted: z.infer<typeof RoleGrantedV1.schema>;
  RoleRevoked: z.infer<typeof RoleRevokedV1.schema>;
  ScreenLeaseTakenOver: z.infer<typeof ScreenLeaseTakenOverV1.schema>;
  AccountWiped: z.infer<typeof AccountWipedV1.schema>;
  UiVersionBoundsSet: z.infer<typeof UiVersionBoundsSetV1.schema>;
  CodeSubmitted: z.infer<typeof CodeSubmittedV1.schema>;
  SubmissionsReset: z.infer<typeof SubmissionsResetV1.schema>;
  AnnouncementPublished: z.infer<typeof AnnouncementPublishedV1.schema>;
  AnnouncementWithdrawn: z.infer<typeof AnnouncementWithdrawnV1.schema>;
  CertificateIssued: z.infer<typeof CertificateIssuedV1.schema>;
  QuestionPublished: z.infer<typeof QuestionPublishedV1.schema>;
  LessonPublished: z.infer<typeof LessonPublishedV1.schema>;
  UserDataSet: z.infer<typeof UserDataSetV1.schema>;
  PurchaseCompleted: z.infer<typeof PurchaseCompletedV1.schema>;
  PurchaseRefunded: z.infer<typeof PurchaseRefundedV1.schema>;
  SubscriptionActivated: z.infer<typeof SubscriptionActivatedV1.schema>;
  SubscriptionEnded: z.infer<typeof SubscriptionEndedV1.schema>;
};
export type EventType = keyof EventDataMap;

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

/** Validates new event data against the latest version of its type. Returns the parsed data. */
export function validateEventData<T extends EventType>(type: T, data: unknown): EventDataMap[T] {
  const versions = byType.get(type);
  if (!versions) throw new UnknownEventTypeError(type);
  const result = versions[versions.length - 1].schema.safeParse(data);
  if (!result.success) throw new InvalidEventDataError(type, result.error.issues);
  return result.data as EventDataMap[T];
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
