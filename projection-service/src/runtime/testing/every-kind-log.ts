import { certificatesStreamId, firstRunStreamId, userDataStreamId, userStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { accountWiped, codeSubmitted, questionPublished, submissionsReset } from './given-events';

const ana = '00000000-0000-4000-8000-00000000000a';
const bo = '00000000-0000-4000-8000-00000000000b';

/**
 * A recorded event log that feeds every kind of read model: content, identity, submissions (progress,
 * eligibility), user data, certificates, billing, announcements, settings, telemetry, visits, first runs and clicks.
 */
export const everyKindLog: GivenEvent[] = [
  questionPublished('q1', { at: '2026-11-20T09:00:00.000Z' }),
  questionPublished('q2', { at: '2026-11-20T09:00:01.000Z' }),
  { type: 'UserRegistered', streamId: userStreamId(ana), data: { userId: ana, provider: 'github' } },
  { type: 'UserRegistered', streamId: userStreamId(bo), data: { userId: bo, provider: 'google' } },
  {
    type: 'UserSignedIn',
    streamId: userStreamId(ana),
    data: {
      userId: ana,
      provider: 'github',
      sessionId: '00000000-0000-4000-8000-0000000000e1',
      studentCheckRequested: false,
    },
  },
  { type: 'RoleGranted', streamId: userStreamId(ana), data: { userId: ana, role: 'premiumv1' } },
  codeSubmitted(ana, 'q1', 'CORRECT', { at: '2026-11-21T10:00:00.000Z' }),
  {
    type: 'UserDataSet',
    streamId: userDataStreamId('algoexpert', ana),
    data: { userId: ana, product: 'algoexpert', data: { notes: { q1: 'two pointers' } }, deepMerge: true },
  },
  codeSubmitted(bo, 'q1', 'INCORRECT', { at: '2026-11-21T11:00:00.000Z' }),
  { type: 'TelemetryEventRecorded', data: { eventType: 'UI runtime error', machineUuid: 'm1' } },
  {
    type: 'SiteVisited',
    streamId: 'telemetry-m1',
    data: { machineUuid: 'm1', userId: ana, path: '/questions', referrerHost: null },
  },
  {
    type: 'FirstCodeRunRecorded',
    streamId: firstRunStreamId(bo),
    data: { userId: bo, product: 'algoexpert', questionId: 'q1', language: 'python' },
  },
  { type: 'AffiliateLinkClicked', data: { affiliateCode: 'ALICE', landingPath: '/purchase' } },
  questionPublished('q2', { version: 2, at: '2026-11-22T09:00:00.000Z' }),
  codeSubmitted(ana, 'q2', 'CORRECT', { at: '2026-11-22T10:00:00.000Z' }),
  {
    type: 'CertificateIssued',
    streamId: certificatesStreamId(ana),
    data: {
      certificateId: '00000000-0000-4000-8000-0000000000c1',
      userId: ana,
      product: 'algoexpert',
      version: '1.0',
      issuedAt: '2026-11-22T10:00:01.000Z',
    },
  },
  {
    type: 'AnnouncementPublished',
    streamId: 'announcement-a1',
    data: {
      announcementId: 'a1',
      message: 'Hello',
      sitePath: null,
      approvedAt: '2026-11-22T00:00:00.000Z',
      expiresAt: null,
    },
  },
  { type: 'UiVersionBoundsSet', data: { minSupported: '1.0.0', minRecommended: null } },
  {
    type: 'UserDataSet',
    streamId: userDataStreamId('algoexpert', ana),
    data: {
      userId: ana,
      product: 'algoexpert',
      data: { notes: { q1: null }, sortMethod: 'category' },
      deepMerge: true,
    },
  },
  { type: 'AnnouncementWithdrawn', streamId: 'announcement-a1', data: { announcementId: 'a1' } },
  submissionsReset(ana),
  { type: 'RoleRevoked', streamId: userStreamId(ana), data: { userId: ana, role: 'premiumv1' } },
  accountWiped(bo, { at: '2026-11-23T00:00:00.000Z' }),
];
