import { useListLanguagesQuery } from '@/shared/api/catalogue-api';

/**
 * Above an iOS lesson with Swift code: its examples are for reading (lessons run JavaScript only), and
 * whether this deployment can run Swift at all, from the engine's languages rather than written in.
 */
export function SwiftNote() {
  const languages = useListLanguagesQuery();
  const swift = languages.data?.languages.find((status) => status.language === 'swift');
  return (
    <p className="lesson-note" role="note">
      {swift && !swift.available
        ? 'The Swift examples are here to read, not to run: this deployment has no Swift toolchain. Try them in Xcode or a Swift playground.'
        : 'The Swift examples are here to read; try them in Xcode or a Swift playground.'}
    </p>
  );
}
