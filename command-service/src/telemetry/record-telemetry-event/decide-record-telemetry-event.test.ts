import { DomainError, VISIT_EVENT } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';
import { RecordTelemetryEventCommand } from './record-telemetry-event.command';
import { decideRecordTelemetryEvent } from './decide-record-telemetry-event';

const learner = '5a0c2a42-8d4e-4b0e-9a57-1f7f4c1d2e3a';
const signedIn: CommandContext = { actor: { kind: 'user', id: learner }, correlationId: 'c1' };
const anonymous: CommandContext = { actor: { kind: 'anonymous' }, correlationId: 'c2' };

const command = (type: string, body: unknown, machine: string | undefined, context = anonymous) =>
  new RecordTelemetryEventCommand(type, body, machine, context);

describe('record a telemetry event', () => {
  it('appends any other type as it came', () => {
    expect(decideRecordTelemetryEvent(command('UI runtime error', { message: 'x' }, 'm-1'))).toEqual([
      {
        type: 'TelemetryEventRecorded',
        eventId: undefined,
        data: { eventType: 'UI runtime error', body: { message: 'x' }, machineUuid: 'm-1' },
      },
    ]);
  });

  it('makes an anonymous visit a SiteVisited without an account, keeping only the referrer host', () => {
    const [event] = decideRecordTelemetryEvent(
      command(
        VISIT_EVENT,
        { path: '/questions', referrer: 'https://search.example/q?term=interview' },
        'm-1',
      ),
    );
    expect(event).toEqual({
      type: 'SiteVisited',
      eventId: undefined,
      data: { machineUuid: 'm-1', userId: null, path: '/questions', referrerHost: 'search.example' },
    });
  });

  it("takes a signed-in visit's account from the session, never from the body", () => {
    const [event] = decideRecordTelemetryEvent(
      command(VISIT_EVENT, { path: '/', referrer: 'javascript:alert(1)' }, 'm-2', signedIn),
    );
    expect(event?.data).toEqual({ machineUuid: 'm-2', userId: learner, path: '/', referrerHost: null });
  });

  it.each([
    ['no machine id', { path: '/' }, undefined, 'machineUuid'],
    ['no page', {}, 'm-1', 'body.path'],
    ['a page that is not a path', { path: 'questions' }, 'm-1', 'body.path'],
    ['a field it does not know', { path: '/', userId: learner }, 'm-1', 'body'],
  ])('refuses a visit with %s', (_, body, machine, path) => {
    try {
      decideRecordTelemetryEvent(command(VISIT_EVENT, body, machine));
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('VALIDATION_FAILED');
      expect((error as DomainError).issues?.[0]?.path).toBe(path);
    }
  });
});
