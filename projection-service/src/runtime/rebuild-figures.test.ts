import { rebuildFigures } from './rebuild-figures';

describe('rebuildFigures', () => {
  const startedAt = new Date('2026-11-26T10:00:00.000Z');

  it('a running rebuild: time to now, rate over that time', () => {
    const now = startedAt.getTime() + 4_000;
    expect(rebuildFigures({ startedAt, finishedAt: null, done: 10_000, total: 40_000 }, now)).toEqual({
      startedAt: '2026-11-26T10:00:00.000Z',
      finishedAt: null,
      eventsDone: 10_000,
      eventsTotal: 40_000,
      elapsedMs: 4_000,
      eventsPerSecond: 2_500,
    });
  });

  it('a finished rebuild keeps its own time, whenever it is looked at', () => {
    const finishedAt = new Date(startedAt.getTime() + 1_500);
    const figures = rebuildFigures({ startedAt, finishedAt, done: 3_000, total: 3_000 }, Date.now());
    expect(figures).toMatchObject({ elapsedMs: 1_500, eventsPerSecond: 2_000, eventsDone: 3_000 });
    expect(figures.finishedAt).toBe(finishedAt.toISOString());
  });

  it('an empty store rebuilds at once: no time, no rate, nothing divided by zero', () => {
    expect(rebuildFigures({ startedAt, finishedAt: startedAt, done: 0, total: 0 }, Date.now())).toMatchObject(
      {
        elapsedMs: 0,
        eventsPerSecond: 0,
        eventsTotal: 0,
      },
    );
  });

  it('never shows more done than its total', () => {
    const figures = rebuildFigures(
      { startedAt, finishedAt: null, done: 12, total: 10 },
      startedAt.getTime() + 1,
    );
    expect(figures.eventsTotal).toBe(12);
  });
});
