import { decideSetUiVersionBounds } from './decide-set-ui-version-bounds';
import { SetUiVersionBoundsCommand } from './set-ui-version-bounds.command';

describe('set UI version bounds: given any bounds before, when staff set them, then', () => {
  it('one UiVersionBoundsSet with the bounds asked for', () => {
    const bounds = { minSupported: '2026.11.01', minRecommended: '2026.11.20' };
    const command = new SetUiVersionBoundsCommand(bounds, {
      actor: { kind: 'user', id: 'staff' },
      correlationId: 'c',
    });
    expect(decideSetUiVersionBounds(command)).toEqual([{ type: 'UiVersionBoundsSet', data: bounds }]);
  });
});
