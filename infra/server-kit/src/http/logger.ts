import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

/** JSON logs on stdout, one object per line. */
export function createLogger(service: string): Logger {
  return pino(
    {
      base: { service },
      level: process.env.LOG_LEVEL ?? 'info',
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: ['req.headers.authorization', 'authorization', 'token'],
    },
    // Buffered writes: a synchronous write per request line was a quarter of a command's CPU.
    pino.destination({ sync: false, minLength: 4096 }),
  );
}

/** Routes NestJS's own messages into the same JSON log. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
