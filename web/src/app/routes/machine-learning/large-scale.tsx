import { useParams } from 'react-router-dom';
import { SectionPage } from '@/features/catalog/components/section-page';

export function Component() {
  const { lessonId } = useParams();
  return <SectionPage productId="mlexpert" sectionId="large-scale" lessonId={lessonId} />;
}
