import { Controller } from '@nestjs/common';
import {
  DomainError,
  MIN_POSITION_WAIT_MS,
  awaitPosition,
  parsePosition,
  rebuildProjection,
  systemStatus,
} from '@app/contracts';
import { type CallInput, ContractRoute, ValidatedInput } from '@app/server-kit';
import { ProjectionHost } from '../infrastructure/projection-host';
import { projections } from '../read-models';

@Controller()
export class SystemController {
  constructor(private readonly host: ProjectionHost) {}

  @ContractRoute(systemStatus)
  status() {
    return this.host.status();
  }

  /** Every read model at once: the analysts' SQL may read any of them. */
  @ContractRoute(awaitPosition)
  async awaitPosition(@ValidatedInput() { params }: CallInput<typeof awaitPosition>) {
    const position = parsePosition(params.position);
    if (!position) throw new DomainError('INVALID_POSITION', `${params.position} is not a position.`);
    const names = projections.map((p) => p.name);
    // Not caught up: the error filter adds Retry-After, as for every READ_MODEL_NOT_CAUGHT_UP.
    if (!(await this.host.waitFor(names, position, MIN_POSITION_WAIT_MS))) {
      throw new DomainError(
        'READ_MODEL_NOT_CAUGHT_UP',
        `The read models did not reach position ${params.position} within ${MIN_POSITION_WAIT_MS} ms; try again shortly.`,
      );
    }
    return { position: params.position, visible: true as const };
  }

  @ContractRoute(rebuildProjection)
  async rebuild(@ValidatedInput() { params }: CallInput<typeof rebuildProjection>) {
    const projection = this.host.admin.find(params.name);
    if (!projection) throw new DomainError('NOT_FOUND', `There is no projection named ${params.name}.`);
    await this.host.rebuild(projection);
    return { name: projection.name, state: 'rebuilding' as const };
  }
}
