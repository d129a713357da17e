import { getMyAnnouncements } from '@app/contracts';
import { api, markQuietEndpoints } from '@/shared/api/api-slice';
import { contractQuery } from '@/shared/api/contract-endpoint';

export const announcementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyAnnouncements: contractQuery(build, getMyAnnouncements),
  }),
});

// A background call: a failure simply shows no announcement (spec 7, Startup and background).
markQuietEndpoints('getMyAnnouncements');

export const { useGetMyAnnouncementsQuery } = announcementsApi;
