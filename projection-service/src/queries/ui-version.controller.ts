import { Controller } from '@nestjs/common';
import { evalUiVersion, evaluateUiVersion } from '@app/contracts';
import { type CallInput, ContractRoute, ValidatedInput } from '@app/command-service';

/**
 * Spec 7, `ui_version/eval`: whether the web build asking is still supported. The bounds come
 * from the environment (UI_MIN_SUPPORTED_VERSION, UI_MIN_RECOMMENDED_VERSION), read on each call.
 */
@Controller()
export class UiVersionController {
  @ContractRoute(evalUiVersion)
  evaluate(@ValidatedInput() { input }: CallInput<typeof evalUiVersion>) {
    return {
      status: evaluateUiVersion(input.version, {
        minimumSupported: process.env.UI_MIN_SUPPORTED_VERSION || undefined,
        minimumRecommended: process.env.UI_MIN_RECOMMENDED_VERSION || undefined,
      }),
    };
  }
}
