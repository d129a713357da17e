import type { ProviderIdentity } from '../identity.repository';

/** The end of every provider's flow: the person the provider vouched for signs in (or registers). */
export class SignInCommand {
  constructor(
    readonly identity: ProviderIdentity,
    readonly options: {
      studentCheckRequested: boolean;
      /** The provider vouched that the person is a student (the fake provider's `student`). */
      verifiedStudent: boolean;
      correlationId: string;
    },
  ) {}
}
