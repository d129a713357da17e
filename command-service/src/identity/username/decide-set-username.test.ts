import { DomainError } from '@app/contracts';
import { decideSetUsername } from './decide-set-username';
import { SetUsernameCommand } from './set-username.command';

const userId = '2b1f3c1e-0000-4000-8000-000000000001';
const setUsername = (username: string, isStaff = false) =>
  new SetUsernameCommand(
    { userId, username, isStaff },
    { actor: { kind: 'user', id: userId }, correlationId: 'c' },
  );

describe('set username: given the account, when it sets a username, then', () => {
  it('one UsernameSet, without the name', () => {
    expect(decideSetUsername(setUsername('ada.l'))).toEqual([{ type: 'UsernameSet', data: { userId } }]);
  });
  it('a reserved name is refused, whatever its case', () => {
    expect(decideSetUsername(setUsername('Admin'))).toEqual(
      new DomainError('USERNAME_TAKEN', 'The username "Admin" is reserved; choose another.'),
    );
  });
  it('staff may take a reserved name', () => {
    expect(decideSetUsername(setUsername('support', true))).toEqual([
      { type: 'UsernameSet', data: { userId } },
    ]);
  });
});
