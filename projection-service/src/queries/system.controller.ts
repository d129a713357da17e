import { Controller } from '@nestjs/common';
import { rebuildProjection, systemStatus, DomainError } from '@app/contracts';
import { type CallInput, ContractRoute, ValidatedInput } from '@app/server-kit';
import { ProjectionHost } from '../infrastructure/projection-host';

@Controller()
export class SystemController {
  constructor(private readonly host: ProjectionHost) {}

  @ContractRoute(systemStatus)
  status() {
    return this.host.status();
  }

  @ContractRoute(rebuildProjection)
  async rebuild(@ValidatedInput() { params }: CallInput<typeof rebuildProjection>) {
    const projection = this.host.admin.find(params.name);
    if (!projection) throw new DomainError('NOT_FOUND', `There is no projection named ${params.name}.`);
    await this.host.rebuild(projection);
    return { name: projection.name, state: 'rebuilding' as const };
  }
}
