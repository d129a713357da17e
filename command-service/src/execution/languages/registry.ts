import type { CodingLanguage } from '@app/contracts';
import { codingLanguages } from '@app/contracts';
import type { Sandbox } from '../sandbox';
import { cpp } from './cpp';
import { csharp } from './csharp';
import { go } from './go';
import { java } from './java';
import { javascript, typescript } from './javascript';
import { kotlin } from './kotlin';
import type { Availability, LanguageModule } from './language';
import { python } from './python';
import { swift } from './swift';
import type { Toolchains } from './toolchains';

export const languageModules: Record<CodingLanguage, LanguageModule> = {
  csharp,
  cpp,
  go,
  java,
  javascript,
  kotlin,
  python,
  swift,
  typescript,
};

/** Every coding language with whether it can run here (what the languages call answers). */
export async function languageAvailability(
  sandbox: Sandbox,
  toolchains: Toolchains,
): Promise<({ language: CodingLanguage } & Availability)[]> {
  return Promise.all(
    codingLanguages.map(async (language) => ({
      language,
      ...(await languageModules[language].availability(sandbox, toolchains)),
    })),
  );
}
