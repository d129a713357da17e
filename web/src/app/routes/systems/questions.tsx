import { SectionPage } from '@/features/catalog/components/section-page';

export function Component() {
  return <SectionPage productId="systemsexpert" sectionId="questions" />;
}
