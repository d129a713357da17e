import { setUsername } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation } from '@/shared/api/contract-endpoint';

/** Spec 7, Auth: the public username; the session's user info shows the new one. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    setUsername: contractMutation(build, setUsername, { invalidatesTags: ['UserInfo'] }),
  }),
});

export const { useSetUsernameMutation } = profileApi;
