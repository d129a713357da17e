import { Link, useParams } from 'react-router-dom';
import { titleFromSlug } from '@/shared/catalog/products';
import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  const { postId = '' } = useParams();
  return (
    <>
      <PageHeader title={titleFromSlug(postId)} eyebrow="Blog" crumbs={[{ label: 'Blog', to: '/blog' }]} />
      <ComingPanel
        title="This post is not published yet"
        action={
          <Link to="/blog" className="button button--secondary">
            All posts
          </Link>
        }
      >
        <p>Posts appear here as they are published.</p>
      </ComingPanel>
    </>
  );
}
