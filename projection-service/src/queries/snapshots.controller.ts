import { Controller } from '@nestjs/common';
import {
  type Principal,
  dropProjectionSnapshot,
  getProjectionSnapshotRows,
  listProjectionSnapshots,
  parsePosition,
  startProjectionSnapshot,
} from '@app/contracts';
import { type CallInput, ContractRoute, CurrentPrincipal, ValidatedInput } from '@app/server-kit';
import { ProjectionHost } from '../infrastructure/projection-host';

/** Read-model snapshots as of a position (staff only): start, list with progress, read, drop. */
@Controller()
export class SnapshotsController {
  constructor(private readonly host: ProjectionHost) {}

  @ContractRoute(startProjectionSnapshot)
  start(
    @ValidatedInput() { params, input }: CallInput<typeof startProjectionSnapshot>,
    @CurrentPrincipal() principal: Principal,
  ) {
    // The schema checked the token; parsing it again cannot fail.
    const position = parsePosition(input.position)!;
    return this.host.snapshots.start(
      params.name,
      position,
      principal.kind === 'user' ? principal.userId : null,
    );
  }

  @ContractRoute(listProjectionSnapshots)
  async list() {
    return { snapshots: await this.host.snapshots.list() };
  }

  @ContractRoute(getProjectionSnapshotRows)
  rows(@ValidatedInput() { params, input }: CallInput<typeof getProjectionSnapshotRows>) {
    return this.host.snapshots.rows(params.snapshotId, params.table, input.limit, input.offset);
  }

  @ContractRoute(dropProjectionSnapshot)
  drop(@ValidatedInput() { params }: CallInput<typeof dropProjectionSnapshot>) {
    return this.host.snapshots.drop(params.snapshotId);
  }
}
