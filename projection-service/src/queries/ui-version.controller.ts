import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import { evalUiVersion, evaluateUiVersion } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  ValidatedInput,
  PG_POOL,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../infrastructure/read-your-writes';
import { uiVersionBoundsProjection } from '../read-models/ui-version-bounds/ui-version-bounds.projection';

/**
 * Spec 7, `ui_version/eval`: whether the web build asking is still supported. The bounds staff set
 * (setUiVersionBounds) win; unset ones fall back to UI_MIN_SUPPORTED_VERSION and
 * UI_MIN_RECOMMENDED_VERSION from the environment.
 */
@Controller()
export class UiVersionController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(evalUiVersion)
  async evaluate(
    @ValidatedInput() { input }: CallInput<typeof evalUiVersion>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [uiVersionBoundsProjection.name]);
    const { rows } = await this.pool.query<{ min_supported: string | null; min_recommended: string | null }>(
      'SELECT min_supported, min_recommended FROM rm_ui_version_bounds WHERE id = 1',
    );
    const set = rows[0];
    return {
      status: evaluateUiVersion(input.version, {
        minimumSupported: set?.min_supported ?? (process.env.UI_MIN_SUPPORTED_VERSION || undefined),
        minimumRecommended: set?.min_recommended ?? (process.env.UI_MIN_RECOMMENDED_VERSION || undefined),
      }),
    };
  }
}
