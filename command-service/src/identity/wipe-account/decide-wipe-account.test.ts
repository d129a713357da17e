import { decideWipeAccount } from './decide-wipe-account';
import { WipeAccountCommand } from './wipe-account.command';

const userId = '2b1f3c1e-0000-4000-8000-000000000001';

describe('wipe account: given the signed-in account, when it asks to be wiped, then', () => {
  it('one AccountWiped naming only the id', () => {
    const command = new WipeAccountCommand(
      { userId },
      { actor: { kind: 'user', id: userId }, correlationId: 'c' },
    );
    expect(decideWipeAccount(command)).toEqual([{ type: 'AccountWiped', data: { userId } }]);
  });
});
