import 'reflect-metadata';
import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';

/**
 * One NestJS application with one command-shaped route (a JSON body in, a small JSON answer out), on
 * the HTTP adapter named by the first argument, listening on the port named by the second: what the
 * adapter itself costs per call, without the platform behind it (`httpAdapters` in the bench).
 */
@Controller()
class EventsController {
  private position = 0;

  @Post('/api/telemetry/v1/events')
  @HttpCode(200)
  record(@Body() body: { type?: unknown }): { position: string } {
    if (typeof body?.type !== 'string') return { position: 'refused' };
    return { position: `1.${++this.position}` };
  }
}

@Module({ controllers: [EventsController] })
class BenchModule {}

async function main(): Promise<void> {
  const [adapter, port] = process.argv.slice(2);
  const app =
    adapter === 'fastify'
      ? await NestFactory.create(BenchModule, new FastifyAdapter(), { logger: false })
      : await NestFactory.create(BenchModule, new ExpressAdapter(), { logger: false });
  await app.listen(Number(port), '127.0.0.1');
  process.send?.('listening');
}

void main();
