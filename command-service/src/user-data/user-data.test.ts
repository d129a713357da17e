import { MAX_USER_DATA_DEPTH, MAX_USER_DATA_DOCUMENT_BYTES, MAX_USER_DATA_SET_BYTES } from '@app/contracts';
import { type SetUserData, decideSetUserData } from './user-data';

/* Given the stored document / When a set / Then the event, or the refusal. */

const userId = '00000000-0000-4000-8000-000000000001';
const command = (data: SetUserData['data'], deepMerge = true): SetUserData => ({
  userId,
  product: 'algoexpert',
  data,
  deepMerge,
});

describe('user-data/set decisions', () => {
  it('appends the set as given and answers the merged document', () => {
    const decision = decideSetUserData({ a: { x: 1 } }, command({ a: { y: 2 } }));
    expect(decision).toEqual({
      outcome: 'set',
      document: { a: { x: 1, y: 2 } },
      events: [
        {
          type: 'UserDataSet',
          data: { userId, product: 'algoexpert', data: { a: { y: 2 } }, deepMerge: true },
        },
      ],
    });
  });

  it('appends nothing for empty data', () => {
    expect(decideSetUserData({ a: 1 }, command({}, false))).toEqual({ outcome: 'unchanged' });
  });

  it('refuses data nested too deep, with the field', () => {
    let deep: unknown = 1;
    for (let i = 0; i < MAX_USER_DATA_DEPTH; i++) deep = [deep];
    expect(decideSetUserData({}, command({ deep }))).toMatchObject({
      outcome: 'refused',
      refusal: { code: 'VALIDATION_FAILED', path: 'body.data' },
    });
    let fits: unknown = 1;
    for (let i = 0; i < MAX_USER_DATA_DEPTH - 1; i++) fits = [fits];
    expect(decideSetUserData({}, command({ fits })).outcome).toBe('set');
  });

  it('refuses text PostgreSQL cannot store', () => {
    expect(decideSetUserData({}, command({ a: 'nul \u0000' }))).toMatchObject({
      outcome: 'refused',
      refusal: { code: 'VALIDATION_FAILED', message: 'The data contains a NUL character.' },
    });
  });

  it('refuses a set over its limit, and one that would make the document too large', () => {
    const overSet = decideSetUserData({}, command({ a: 'x'.repeat(MAX_USER_DATA_SET_BYTES) }));
    expect(overSet).toMatchObject({ outcome: 'refused', refusal: { code: 'USER_DATA_TOO_LARGE' } });
    const nearlyFull = { big: 'x'.repeat(MAX_USER_DATA_DOCUMENT_BYTES - 100) };
    const overDocument = decideSetUserData(nearlyFull, command({ more: 'y'.repeat(200) }));
    expect(overDocument).toMatchObject({ outcome: 'refused', refusal: { code: 'USER_DATA_TOO_LARGE' } });
    // Replacing the big value with a smaller one is fine, and so is deleting it.
    expect(decideSetUserData(nearlyFull, command({ big: 'small' })).outcome).toBe('set');
    expect(decideSetUserData(nearlyFull, command({ big: null })).outcome).toBe('set');
  });
});
