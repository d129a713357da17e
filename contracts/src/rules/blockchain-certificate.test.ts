import {
  answeredRightCounts,
  blockchainUnlocks,
  missingForBlockchainCertificate,
} from './blockchain-certificate';

const counts = (completed: number, required: number) => ({
  numQuestionsCompleted: completed,
  numQuestionsRequired: required,
});

describe('blockchain certificate', () => {
  it('counts the questions answered right among the published ones only', () => {
    expect(answeredRightCounts(new Set(['a', 'gone']), new Set(['a', 'b', 'c']))).toEqual(counts(1, 3));
  });

  it('is earned once every practice and every assessment question is answered right', () => {
    const progress = { practice: counts(3, 3), assessment: counts(8, 8) };
    expect(blockchainUnlocks(progress)).toEqual({
      numPracticeQuestionsCompleted: 3,
      numPracticeQuestionsRequired: 3,
      numAssessmentQuestionsCompleted: 8,
      numAssessmentQuestionsRequired: 8,
      hasUnlockedLatestCert: true,
      hasUnlockedRecruitingProfile: true,
    });
    expect(missingForBlockchainCertificate(progress)).toBeNull();
  });

  it('says what is left, and that there is nothing to earn before any question is published', () => {
    const progress = { practice: counts(2, 3), assessment: counts(7, 8) };
    expect(blockchainUnlocks(progress).hasUnlockedLatestCert).toBe(false);
    expect(missingForBlockchainCertificate(progress)).toBe(
      'To earn this certificate, answer every practice question right (2 of 3) and answer every course assessment question right (7 of 8).',
    );
    expect(missingForBlockchainCertificate({ practice: counts(3, 3), assessment: counts(0, 8) })).toBe(
      'To earn this certificate, answer every course assessment question right (0 of 8).',
    );
    const none = { practice: counts(0, 0), assessment: counts(0, 0) };
    expect(blockchainUnlocks(none).hasUnlockedLatestCert).toBe(false);
    expect(missingForBlockchainCertificate(none)).toBe('blockchainexpert has no certificate to earn yet.');
  });
});
