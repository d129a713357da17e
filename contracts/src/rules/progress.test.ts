import { dailyStreak, unlockCounts, unlockFlags, utcDay } from './progress';

describe('unlock progress', () => {
  const published = new Set(['a', 'b', 'c']);

  it('counts published questions whose latest status is CORRECT', () => {
    expect(
      unlockCounts(
        [
          { questionId: 'a', status: 'CORRECT' },
          { questionId: 'b', status: 'PARTIALLY_CORRECT' },
          { questionId: 'gone', status: 'CORRECT' },
        ],
        published,
      ),
    ).toEqual({ numQuestionsCompleted: 1, numQuestionsRequired: 3 });
  });

  it('unlocks the certificate and the recruiting profile when every question is completed', () => {
    expect(unlockFlags({ numQuestionsCompleted: 2, numQuestionsRequired: 3 })).toEqual({
      hasUnlockedLatestCert: false,
      hasUnlockedRecruitingProfile: false,
    });
    expect(unlockFlags({ numQuestionsCompleted: 3, numQuestionsRequired: 3 })).toEqual({
      hasUnlockedLatestCert: true,
      hasUnlockedRecruitingProfile: true,
    });
  });

  it('never unlocks for an empty catalogue', () => {
    expect(unlockFlags({ numQuestionsCompleted: 0, numQuestionsRequired: 0 }).hasUnlockedLatestCert).toBe(
      false,
    );
  });
});

describe('daily streak', () => {
  it('is zero without days', () => {
    expect(dailyStreak([], '2026-11-23')).toEqual({ currentStreakDays: 0, longestStreakDays: 0 });
  });

  it('counts a run ending today or yesterday as current', () => {
    const days = ['2026-11-21', '2026-11-22', '2026-11-23'];
    expect(dailyStreak(days, '2026-11-23')).toEqual({ currentStreakDays: 3, longestStreakDays: 3 });
    expect(dailyStreak(days, '2026-11-24')).toEqual({ currentStreakDays: 3, longestStreakDays: 3 });
    expect(dailyStreak(days, '2026-11-25')).toEqual({ currentStreakDays: 0, longestStreakDays: 3 });
  });

  it('keeps the longest run apart from the current one, across month ends, duplicates and any order', () => {
    const days = ['2026-12-01', '2026-10-30', '2026-10-31', '2026-11-01', '2026-11-30', '2026-10-31'];
    expect(dailyStreak(days, '2026-12-01')).toEqual({ currentStreakDays: 2, longestStreakDays: 3 });
  });

  it('ignores days after today', () => {
    expect(dailyStreak(['2026-11-24'], '2026-11-23')).toEqual({
      currentStreakDays: 0,
      longestStreakDays: 0,
    });
  });

  it('takes the UTC day of an instant', () => {
    expect(utcDay('2026-11-23T23:30:00-02:00')).toBe('2026-11-24');
  });
});
