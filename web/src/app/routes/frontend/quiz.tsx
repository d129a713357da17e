import { SectionPage } from '@/features/catalog/components/section-page';

export function Component() {
  return <SectionPage productId="frontendexpert" sectionId="quiz" />;
}
