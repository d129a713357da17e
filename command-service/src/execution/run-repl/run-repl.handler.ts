import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type RunResponse, offeredLanguages } from '@app/contracts';
import { ExecutionEngine } from '../engine/execution-engine';
import { replResponse } from './repl-response';
import { RunReplCommand } from './run-repl.command';

/**
 * Checks the product offers the language and the learner's run rate (the same budget as Run Code), then
 * runs the snippet in the sandbox queue with the usual run limits and answers its output. Appends nothing.
 */
@CommandHandler(RunReplCommand)
export class RunReplHandler implements ICommandHandler<RunReplCommand, RunResponse> {
  constructor(private readonly engine: ExecutionEngine) {}

  async execute({ request }: RunReplCommand): Promise<RunResponse> {
    const { principal, product, language, code } = request;
    const offered = offeredLanguages(product);
    if (!offered.includes(language)) {
      throw new DomainError(
        'LANGUAGE_UNAVAILABLE',
        `This product's snippets run in ${offered.join(', ')}, not ${language}.`,
      );
    }
    // The operator token has no user; its runs count under one shared name.
    await this.engine.admit(principal.kind === 'user' ? principal.userId : 'operator');
    const { result, warmingUp, timeLimitMs } = await this.engine.runSnippet(language, code);
    return { ...replResponse(result, timeLimitMs), ...(warmingUp ? { warmingUp: true } : {}) };
  }
}
