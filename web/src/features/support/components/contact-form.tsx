import { type FormEvent, useId, useState } from 'react';
import {
  SUPPORT_MESSAGE_MAX_CHARS,
  SUPPORT_MESSAGE_MIN_CHARS,
  type SupportTopic,
  supportTopicLabels,
  supportTopics,
} from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { useIsSignedInHere } from '@/shared/auth/session-slice';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { useAppDispatch } from '@/shared/lib/store';
import { Button } from '@/shared/ui/button';
import { useOpenSupportTicketMutation } from '../api/open-support-ticket';
import './contact-form.css';

type ContactFormProps = {
  /** The topic chosen first (the error screen's bug-report link asks for one). */
  initialTopic: SupportTopic;
  /** The page the learner came from, sent with the message when known. */
  fromPath: string | null;
};

const SIGN_IN_TEXT = 'Log in to write to us: we reply to the email address of your account.';

/** Help's "Contact us": a topic, a message, Send, and a confirmation once the ticket is stored. */
export function ContactForm({ initialTopic, fromPath }: ContactFormProps) {
  const isSignedIn = useIsSignedInHere();
  const dispatch = useAppDispatch();
  const ids = useId();
  const [topic, setTopic] = useState<SupportTopic>(initialTopic);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // One id per message: a retry of the same send is recognised by the server.
  const [ticketId, setTicketId] = useState(() => crypto.randomUUID());
  const [sentTicket, setSentTicket] = useState<string | null>(null);
  const [send, { isLoading }] = useOpenSupportTicketMutation();

  const messageId = `${ids}-message`;
  const hintId = `${ids}-hint`;
  const problemId = `${ids}-problem`;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isSignedIn) {
      dispatch(signInModalOpened({ text: SIGN_IN_TEXT }));
      return;
    }
    if (message.trim().length < SUPPORT_MESSAGE_MIN_CHARS) {
      setProblem(`Write at least ${SUPPORT_MESSAGE_MIN_CHARS} characters so we can help.`);
      return;
    }
    setProblem(null);
    try {
      const reply = await send({ ticketId, topic, message, fromPath }).unwrap();
      setSentTicket(reply.ticketId);
      setMessage('');
      setTicketId(crypto.randomUUID());
    } catch (error) {
      setProblem(getApiErrorMessage(error as Parameters<typeof getApiErrorMessage>[0]));
    }
  }

  function handleWriteAnother() {
    setSentTicket(null);
  }

  if (sentTicket !== null) {
    return (
      <div className="contact-form__sent" role="status">
        <p>
          <strong>Thank you: your message is sent.</strong> We reply to your account&apos;s email address
          within two working days. Your ticket number is <code>{sentTicket.slice(0, 8)}</code>.
        </p>
        <Button variant="secondary" onClick={handleWriteAnother}>
          Write another message
        </Button>
      </div>
    );
  }

  return (
    <form className="contact-form" onSubmit={handleSubmit} noValidate>
      <label htmlFor={`${ids}-topic`}>Topic</label>
      <select
        id={`${ids}-topic`}
        name="topic"
        value={topic}
        onChange={(event) => setTopic(event.target.value as SupportTopic)}
      >
        {supportTopics.map((id) => (
          <option key={id} value={id}>
            {supportTopicLabels[id]}
          </option>
        ))}
      </select>
      <label htmlFor={messageId}>Message</label>
      <textarea
        id={messageId}
        name="message"
        rows={6}
        value={message}
        maxLength={SUPPORT_MESSAGE_MAX_CHARS}
        aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => setMessage(event.target.value)}
      />
      <p id={hintId} className="contact-form__hint">
        {isSignedIn
          ? 'What happened, and on which page. We reply to the email address of your account.'
          : 'Log in first: we reply to the email address of your account.'}
      </p>
      {problem ? (
        <p id={problemId} className="contact-form__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div>
        <Button type="submit" isLoading={isLoading}>
          {isSignedIn ? 'Send' : 'Log in to send'}
        </Button>
      </div>
    </form>
  );
}
