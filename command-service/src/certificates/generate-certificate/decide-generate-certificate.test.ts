import { DomainError } from '@app/contracts';
import { type Certificates, certificateKey } from '../certificates.aggregate';
import { decideGenerateCertificate } from './decide-generate-certificate';
import { GenerateCertificateCommand } from './generate-certificate.command';

const userId = '00000000-0000-4000-8000-000000000001';
const certificateId = '00000000-0000-4000-8000-0000000000c1';
const now = new Date('2026-11-25T12:00:00.000Z');
const command = (type = 'algoexpert') =>
  new GenerateCertificateCommand(
    { userId, type, version: '1.0', certificateId, now },
    { actor: { kind: 'user', id: userId }, correlationId: 'c' },
  );
const none: Certificates = new Map();
const published = new Set(['a', 'b']);

describe('generate_certificate: given the learner state, when asked, then', () => {
  it('issues the certificate once every published question is completed', () => {
    const events = decideGenerateCertificate(command(), {
      certificates: none,
      outcomes: [
        { questionId: 'a', status: 'CORRECT' },
        { questionId: 'b', status: 'CORRECT' },
        { questionId: 'gone', status: 'INCORRECT' },
      ],
      publishedQuestionIds: published,
    });
    expect(events).toEqual([
      {
        type: 'CertificateIssued',
        data: { certificateId, userId, product: 'algoexpert', version: '1.0', issuedAt: now.toISOString() },
      },
    ]);
  });

  it('refuses with what is left to do while a question is not completed', () => {
    const refusal = decideGenerateCertificate(command(), {
      certificates: none,
      outcomes: [
        { questionId: 'a', status: 'CORRECT' },
        { questionId: 'b', status: 'INCORRECT' },
      ],
      publishedQuestionIds: published,
    });
    expect(refusal).toEqual(
      new DomainError(
        'CERTIFICATE_NOT_EARNED',
        'Complete every question of algoexpert to earn its certificate: 1 of 2 done.',
      ),
    );
  });

  it('on a design track, issues it with every coding and design question done and the quiz at 80 %', () => {
    const state = (design: number, quizScore: number) => ({
      certificates: none,
      outcomes: [
        { questionId: 'a', status: 'CORRECT' },
        { questionId: 'b', status: 'CORRECT' },
      ],
      publishedQuestionIds: published,
      track: { design: { numQuestionsCompleted: design, numQuestionsRequired: 3 }, quizScore },
    });
    expect(decideGenerateCertificate(command('mlexpert'), state(3, 80))).toEqual([
      {
        type: 'CertificateIssued',
        data: { certificateId, userId, product: 'mlexpert', version: '1.0', issuedAt: now.toISOString() },
      },
    ]);
    expect(decideGenerateCertificate(command('mlexpert'), state(2, 95))).toEqual(
      new DomainError(
        'CERTIFICATE_NOT_EARNED',
        'To earn this certificate, complete every design question (2 of 3).',
      ),
    );
    expect(decideGenerateCertificate(command('mlexpert'), state(3, 79))).toEqual(
      new DomainError(
        'CERTIFICATE_NOT_EARNED',
        'To earn this certificate, score 80% or more on the quiz (best so far 79%).',
      ),
    );
  });

  it('on blockchain, issues it with every practice and course assessment question answered right, whatever its coding questions', () => {
    const state = (practice: number, assessment: number) => ({
      certificates: none,
      outcomes: [],
      publishedQuestionIds: published,
      blockchain: {
        practice: { numQuestionsCompleted: practice, numQuestionsRequired: 3 },
        assessment: { numQuestionsCompleted: assessment, numQuestionsRequired: 8 },
      },
    });
    expect(decideGenerateCertificate(command('blockchainexpert'), state(3, 8))).toEqual([
      {
        type: 'CertificateIssued',
        data: {
          certificateId,
          userId,
          product: 'blockchainexpert',
          version: '1.0',
          issuedAt: now.toISOString(),
        },
      },
    ]);
    expect(decideGenerateCertificate(command('blockchainexpert'), state(3, 7))).toEqual(
      new DomainError(
        'CERTIFICATE_NOT_EARNED',
        'To earn this certificate, answer every course assessment question right (7 of 8).',
      ),
    );
    expect(
      decideGenerateCertificate(command('blockchainexpert'), {
        certificates: none,
        outcomes: [],
        publishedQuestionIds: published,
      }),
    ).toMatchObject({
      code: 'CERTIFICATE_NOT_EARNED',
      message: 'blockchainexpert has no certificate to earn yet.',
    });
  });

  it('refuses a product with nothing published', () => {
    const refusal = decideGenerateCertificate(command(), {
      certificates: none,
      outcomes: [],
      publishedQuestionIds: new Set(),
    });
    expect(refusal).toMatchObject({
      code: 'CERTIFICATE_NOT_EARNED',
      message: 'algoexpert has no certificate to earn yet.',
    });
  });

  it('appends nothing when the learner holds that certificate already', () => {
    const held: Certificates = new Map([
      [certificateKey('algoexpert', '1.0'), { certificateId, position: '1.1' }],
    ]);
    expect(
      decideGenerateCertificate(command(), {
        certificates: held,
        outcomes: [],
        publishedQuestionIds: published,
      }),
    ).toEqual([]);
  });

  it('refuses a type that names no product, about body.type', () => {
    const refusal = decideGenerateCertificate(command('nothing'), {
      certificates: none,
      outcomes: [],
      publishedQuestionIds: published,
    });
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'body.type' }] });
  });
});
