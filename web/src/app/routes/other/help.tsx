import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/shared/ui/page';

const categories = [
  { id: 'account', label: 'My account' },
  { id: 'billing', label: 'Billing and purchases' },
  { id: 'content', label: 'Content and questions' },
  { id: 'miscellaneous-bug', label: 'Report a bug' },
] as const;

const faq = [
  {
    q: 'Do I pay once or every month?',
    a: 'Products are bought for a period of access; renewals are never automatic.',
  },
  {
    q: 'Which languages can I code in?',
    a: 'The workspace runs nine languages, from Python and JavaScript to C++ and Go.',
  },
  {
    q: 'Can I share my account?',
    a: 'No: account sharing is prohibited, and an account is used on one screen at a time.',
  },
];

/** Contact and FAQ (the footer's Contact Us and FAQ); `?category=` preselects the topic (the bug-report link). */
export function Component() {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('category');
  const selected = categories.some((category) => category.id === requested) ? requested! : 'account';

  return (
    <>
      <PageHeader
        title="Help"
        eyebrow="Contact us"
        lead="Questions, problems, or a bug to report: we answer every message."
      />
      <section className="prose" aria-labelledby="contact-heading">
        <h2 id="contact-heading">Contact us</h2>
        <label htmlFor="help-category">Topic</label>
        <select id="help-category" name="category" defaultValue={selected} key={selected}>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </select>
        <p className="muted">Write to us from your account email; we reply within two working days.</p>
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
