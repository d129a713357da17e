import { openSupportTicketRoute, type openSupportTicket } from '@app/contracts';
import { api, markQuietEndpoints } from '@/shared/api/api-slice';
import { type CallArg, type CallResponse, toFetchArgs } from '@/shared/api/contract-endpoint';

/**
 * Sends the help page's message. The ticket's id is the Idempotency-Key: a send retried after a lost
 * answer opens no second ticket.
 */
export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    openSupportTicket: build.mutation<
      CallResponse<typeof openSupportTicket>,
      CallArg<typeof openSupportTicket> & { ticketId: string }
    >({
      query: ({ ticketId, ...arg }) => {
        const fetchArgs = toFetchArgs(openSupportTicketRoute, arg as CallArg<typeof openSupportTicket>);
        return {
          ...fetchArgs,
          headers: { ...(fetchArgs.headers as Record<string, string>), 'Idempotency-Key': ticketId },
        };
      },
    }),
  }),
});

// The form says what went wrong beside the message itself.
markQuietEndpoints('openSupportTicket');

export const { useOpenSupportTicketMutation } = supportApi;
