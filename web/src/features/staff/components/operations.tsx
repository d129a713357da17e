import { type FormEvent, useState } from 'react';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import {
  useLazyListQuestionVersionsQuery,
  useListAnnouncementsQuery,
  usePublishAnnouncementMutation,
  usePublishContentMutation,
  useSetUiVersionBoundsMutation,
  useWithdrawAnnouncementMutation,
} from '../api/staff-api';

/** Announcements, content publishing and question versions, and the web build bounds. */
export function Operations() {
  return (
    <>
      <Announcements />
      <Content />
      <UiVersionBounds />
    </>
  );
}

function Announcements() {
  const list = useListAnnouncementsQuery();
  const [publish, publishing] = usePublishAnnouncementMutation();
  const [withdraw, withdrawing] = useWithdrawAnnouncementMutation();
  const [message, setMessage] = useState('');
  const [sitePath, setSitePath] = useState('');

  const handlePublish = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await publish({ message, sitePath: sitePath.trim() || null });
    if (!('error' in answer)) {
      setMessage('');
      void list.refetch();
    }
  };
  const failure = publishing.error ?? withdrawing.error ?? list.error;
  return (
    <section className="staff__panel" aria-labelledby="announcements-heading">
      <h2 id="announcements-heading">Announcements</h2>
      <form className="staff__filters" onSubmit={(event) => void handlePublish(event)}>
        <div className="staff__field">
          <label htmlFor="announcement-message">Message (HTML)</label>
          <input
            id="announcement-message"
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
        <div className="staff__field">
          <label htmlFor="announcement-path">Page (empty: every page)</label>
          <input
            id="announcement-path"
            value={sitePath}
            onChange={(event) => setSitePath(event.target.value)}
          />
        </div>
        <Button type="submit" isLoading={publishing.isLoading}>
          Publish
        </Button>
      </form>
      {failure ? <p role="alert">{getApiErrorMessage(failure)}</p> : null}
      <ul className="staff__results" aria-label="Announcements">
        {(list.data?.announcements ?? []).map((announcement) => (
          <li key={announcement.id}>
            <span>{announcement.message}</span>{' '}
            <span className="staff__muted">
              ({announcement.state}
              {announcement.site_path ? `, ${announcement.site_path}` : ''})
            </span>{' '}
            {announcement.state === 'active' ? (
              <Button
                variant="link"
                onClick={() =>
                  void withdraw({ params: { announcementId: announcement.id } }).then(() => list.refetch())
                }
              >
                Withdraw
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Content() {
  const [publish, publishing] = usePublishContentMutation();
  const [question, setQuestion] = useState('');
  const [loadVersions, versions] = useLazyListQuestionVersionsQuery();
  const handleVersions = (event: FormEvent) => {
    event.preventDefault();
    if (question.trim())
      void loadVersions({ params: { questionId: question.trim() }, request: { product: 'algoexpert' } });
  };
  return (
    <section className="staff__panel" aria-labelledby="content-heading">
      <h2 id="content-heading">Content</h2>
      <div className="staff__form-row">
        <Button isLoading={publishing.isLoading} onClick={() => void publish()}>
          Publish the content folder
        </Button>
        {publishing.data ? <p role="status">{publishing.data.published} item(s) published.</p> : null}
        {publishing.isError ? <p role="alert">{getApiErrorMessage(publishing.error)}</p> : null}
      </div>
      <form className="staff__form-row" onSubmit={handleVersions}>
        <label htmlFor="question-versions">Question (name or id)</label>
        <input
          id="question-versions"
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <Button type="submit" variant="secondary" isLoading={versions.isFetching}>
          Versions
        </Button>
      </form>
      {versions.isError ? <p role="alert">{getApiErrorMessage(versions.error)}</p> : null}
      {versions.data ? (
        <ul className="staff__results" aria-label="Question versions">
          {versions.data.versions.map((version) => (
            <li key={version.eventId}>
              v{version.version} · {new Date(version.publishedAt).toLocaleString()} · changed:{' '}
              {version.changedFields.join(', ') || 'nothing'}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function UiVersionBounds() {
  const [minSupported, setMinSupported] = useState('');
  const [minRecommended, setMinRecommended] = useState('');
  const [save, saving] = useSetUiVersionBoundsMutation();
  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    void save({ minSupported: minSupported.trim() || null, minRecommended: minRecommended.trim() || null });
  };
  return (
    <section className="staff__panel" aria-labelledby="bounds-heading">
      <h2 id="bounds-heading">Web build bounds</h2>
      <form className="staff__filters" onSubmit={handleSave}>
        <div className="staff__field">
          <label htmlFor="min-supported">Oldest supported build</label>
          <input
            id="min-supported"
            value={minSupported}
            onChange={(event) => setMinSupported(event.target.value)}
          />
        </div>
        <div className="staff__field">
          <label htmlFor="min-recommended">Oldest recommended build</label>
          <input
            id="min-recommended"
            value={minRecommended}
            onChange={(event) => setMinRecommended(event.target.value)}
          />
        </div>
        <Button type="submit" isLoading={saving.isLoading}>
          Save bounds
        </Button>
      </form>
      {saving.isSuccess ? <p role="status">Saved.</p> : null}
      {saving.isError ? <p role="alert">{getApiErrorMessage(saving.error)}</p> : null}
    </section>
  );
}
