import { designCounts, missingForTrackCertificate, trackUnlocks } from './track-certificate';

const counts = (done: number, of: number) => ({ numQuestionsCompleted: done, numQuestionsRequired: of });

describe('design-track certificates', () => {
  const published = new Set(['url-shortener', 'chat', 'feed']);

  it('counts the design questions marked true among the published ones only', () => {
    const document = {
      completed: { 'design-questions': { 'url-shortener': true, chat: null, retired: true, feed: 'yes' } },
    };
    expect(designCounts(document, published)).toEqual(counts(1, 3));
    expect(designCounts(undefined, published)).toEqual(counts(0, 3));
    expect(designCounts({ completed: 'nonsense' }, published)).toEqual(counts(0, 3));
  });

  it('unlocks with every coding and design question done and the quiz at 80 % or more', () => {
    const done = { coding: counts(15, 15), design: counts(3, 3), quizScore: 80 };
    expect(trackUnlocks(done)).toEqual({
      numQuestionsCompleted: 18,
      numQuestionsRequired: 18,
      quizScore: 80,
      quizScoreRequired: 80,
      hasUnlockedLatestCert: true,
      hasUnlockedRecruitingProfile: true,
    });
    expect(missingForTrackCertificate(done)).toBeNull();
  });

  it('says everything still missing, and never unlocks an empty track', () => {
    const short = { coding: counts(14, 15), design: counts(2, 3), quizScore: 79 };
    expect(trackUnlocks(short).hasUnlockedLatestCert).toBe(false);
    expect(missingForTrackCertificate(short)).toBe(
      'To earn this certificate, solve every coding question (14 of 15), complete every design question (2 of 3), score 80% or more on the quiz (best so far 79%).',
    );
    // A track of design questions only (systems design) needs no coding question.
    expect(
      trackUnlocks({ coding: counts(0, 0), design: counts(3, 3), quizScore: 95 }).hasUnlockedLatestCert,
    ).toBe(true);
    const empty = { coding: counts(0, 0), design: counts(0, 0), quizScore: 100 };
    expect(trackUnlocks(empty).hasUnlockedLatestCert).toBe(false);
    expect(missingForTrackCertificate(empty)).toBe('This track has no certificate to earn yet.');
  });

  it('a course-only track (iOS) is earned by its quiz alone, and asks for any question published later', () => {
    const quizOnly = { coding: counts(0, 0), design: counts(0, 0), quizOnly: true };
    expect(trackUnlocks({ ...quizOnly, quizScore: 80 }).hasUnlockedLatestCert).toBe(true);
    expect(trackUnlocks({ ...quizOnly, quizScore: 79 }).hasUnlockedLatestCert).toBe(false);
    expect(missingForTrackCertificate({ ...quizOnly, quizScore: 0 })).toBe(
      'To earn this certificate, score 80% or more on the quiz (best so far 0%).',
    );
    expect(trackUnlocks({ ...quizOnly, coding: counts(1, 2), quizScore: 100 }).hasUnlockedLatestCert).toBe(
      false,
    );
  });
});
