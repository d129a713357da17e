import { useSearchParams } from 'react-router-dom';
import { type SupportTopic, supportTopics } from '@app/contracts';
import { ContactForm } from '@/features/support/components/contact-form';
import { useCatalogueCounts } from '@/shared/catalog/use-catalogue-counts';
import { PageHeader } from '@/shared/ui/page';

/** The page the visitor came from, when it is on this site (a help link in the app, the error screen). */
function sameOriginReferrerPath(): string | null {
  if (!document.referrer) return null;
  try {
    const referrer = new URL(document.referrer);
    return referrer.origin === window.location.origin ? referrer.pathname : null;
  } catch {
    return null;
  }
}

/** Contact and FAQ (the footer's Contact Us and FAQ); `?category=` preselects the topic (the bug-report link). */
export function Component() {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('category');
  const topic: SupportTopic = supportTopics.find((id) => id === requested) ?? 'account';
  const { runnableLanguages } = useCatalogueCounts();

  const faq = [
    {
      q: 'Do I pay once or every month?',
      a: 'Products are bought for a period of access; renewals are never automatic.',
    },
    {
      q: 'Which languages can I code in?',
      a:
        runnableLanguages === undefined
          ? 'The workspace lists the languages it can run in its language menu.'
          : `The workspace runs your code in ${runnableLanguages.length} languages here: ${runnableLanguages.join(', ')}.`,
    },
    {
      q: 'Can I share my account?',
      a: 'No: account sharing is prohibited, and an account is used on one screen at a time.',
    },
  ];

  return (
    <>
      <PageHeader
        title="Help"
        eyebrow="Contact us"
        lead="Questions, problems, or a bug to report: we answer every message."
      />
      <section className="prose" aria-labelledby="contact-heading">
        <h2 id="contact-heading">Contact us</h2>
        <ContactForm key={topic} initialTopic={topic} fromPath={sameOriginReferrerPath()} />
      </section>
      <section id="faq" className="prose" aria-labelledby="faq-heading">
        <h2 id="faq-heading">FAQ</h2>
        <dl>
          {faq.map((entry) => (
            <div key={entry.q}>
              <dt>
                <strong>{entry.q}</strong>
              </dt>
              <dd>{entry.a}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
