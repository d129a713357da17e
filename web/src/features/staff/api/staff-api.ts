import {
  dropProjectionSnapshot,
  findUser,
  getAccountAsOf,
  getAccountHistory,
  getEventCausation,
  getProjectionSnapshotRows,
  getUserAccess,
  grantRole,
  listAnnouncements,
  listProjectionSnapshots,
  listQuestionVersions,
  publishAnnouncement,
  publishContent,
  rebuildProjection,
  revokeRole,
  revokeUserSessions,
  setUiVersionBounds,
  startProjectionSnapshot,
  systemStatusRoute,
  withdrawAnnouncement,
} from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { type CallResponse, contractMutation, contractQuery } from '@/shared/api/contract-endpoint';

export type AccountHistoryPage = CallResponse<typeof getAccountHistory>;
export type HistoryEventView = AccountHistoryPage['events'][number];
export type AccountAsOfView = CallResponse<typeof getAccountAsOf>;
export type EventCausationView = CallResponse<typeof getEventCausation>;
export type FoundUsers = CallResponse<typeof findUser>['users'];
export type SnapshotView = CallResponse<typeof listProjectionSnapshots>['snapshots'][number];

/** The management area's calls (staff only): lookup, access, history, causation, time travel, operations. */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    findUser: contractQuery(build, findUser),
    getUserAccess: contractQuery(build, getUserAccess),
    getAccountHistory: contractQuery(build, getAccountHistory),
    getEventCausation: contractQuery(build, getEventCausation),
    // Keeps each position's view while staff step back and forth.
    getAccountAsOf: contractQuery(build, getAccountAsOf, { keepUnusedDataFor: 300 }),
    staffProjections: contractQuery(build, systemStatusRoute),
    rebuildProjection: contractMutation(build, rebuildProjection),
    listProjectionSnapshots: contractQuery(build, listProjectionSnapshots),
    startProjectionSnapshot: contractMutation(build, startProjectionSnapshot),
    dropProjectionSnapshot: contractMutation(build, dropProjectionSnapshot),
    getProjectionSnapshotRows: contractQuery(build, getProjectionSnapshotRows),
    grantRole: contractMutation(build, grantRole),
    revokeRole: contractMutation(build, revokeRole),
    revokeUserSessions: contractMutation(build, revokeUserSessions),
    listAnnouncements: contractQuery(build, listAnnouncements),
    publishAnnouncement: contractMutation(build, publishAnnouncement),
    withdrawAnnouncement: contractMutation(build, withdrawAnnouncement),
    publishContent: contractMutation(build, publishContent),
    listQuestionVersions: contractQuery(build, listQuestionVersions),
    setUiVersionBounds: contractMutation(build, setUiVersionBounds),
  }),
});

export const {
  useLazyFindUserQuery,
  useGetUserAccessQuery,
  useGetAccountHistoryQuery,
  useGetEventCausationQuery,
  useGetAccountAsOfQuery,
  useStaffProjectionsQuery,
  useRebuildProjectionMutation,
  useListProjectionSnapshotsQuery,
  useStartProjectionSnapshotMutation,
  useDropProjectionSnapshotMutation,
  useGetProjectionSnapshotRowsQuery,
  useGrantRoleMutation,
  useRevokeRoleMutation,
  useRevokeUserSessionsMutation,
  useListAnnouncementsQuery,
  usePublishAnnouncementMutation,
  useWithdrawAnnouncementMutation,
  usePublishContentMutation,
  useLazyListQuestionVersionsQuery,
  useSetUiVersionBoundsMutation,
} = staffApi;
