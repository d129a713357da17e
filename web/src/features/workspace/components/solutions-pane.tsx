import { type FormEvent, useState } from 'react';
import {
  type CodingLanguage,
  type Comment,
  type EditorThemeId,
  type Keymap,
  type SharedSolution,
  type Vote,
  codingLanguages,
  communityLimits,
} from '@app/contracts';
import { Button } from '@/shared/ui/button';
import { Markdown } from '@/shared/ui/markdown';
import { CodeEditor } from '../editor/code-editor';
import {
  useCreateCommentMutation,
  useDeleteCommentMutation,
  useDeleteSharedSolutionMutation,
  useEditCommentMutation,
  useListCommentsQuery,
  useListNestedCommentsQuery,
  useListSharedSolutionsQuery,
  useSubmitSharedSolutionMutation,
  useVoteCommentMutation,
  useVoteSharedSolutionMutation,
} from '../api/community-api';
import type { WorkspaceQuestion } from '../workspace-question';
import './solutions-pane.css';

/** Others' answers appear without a reload: the open lists are asked again this often. */
const POLL_MS = 5_000;

type EditorLook = { themeId: EditorThemeId; keymap: Keymap; fontZoom: number };

type SolutionsPaneProps = {
  question: WorkspaceQuestion;
  signedIn: boolean;
  /** The learner's code in the editor: what the share form starts from. */
  code: string;
  language: CodingLanguage;
  look: EditorLook;
};

/**
 * The learners' shared solutions of this question (issue 23): a page of 10 by votes or newest, one
 * language or all; one opens read-only in Monaco with its explanation and its comments. Sharing is
 * open to a learner who has solved the question (the server says so otherwise).
 */
export function SolutionsPane({ question, signedIn, code, language, look }: SolutionsPaneProps) {
  const [sortBy, setSortBy] = useState<'votes' | 'newest'>('votes');
  const [filter, setFilter] = useState<CodingLanguage | ''>('');
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const listArg = { questionId: question.id, page, sortBy, ...(filter ? { language: filter } : {}) };
  const { data, isLoading, isError } = useListSharedSolutionsQuery(listArg, { pollingInterval: POLL_MS });
  const open = data?.solutions.find((s) => s.id === openId);

  return (
    <div className="info-pane__body solutions-pane">
      {signedIn ? (
        <ShareForm questionId={question.id} code={code} language={language} />
      ) : (
        <p className="solutions-pane__prompt">Log in to share your solution.</p>
      )}
      <div className="solutions-pane__controls">
        <label>
          Sort by{' '}
          <select
            value={sortBy}
            onChange={(event) => {
              setSortBy(event.target.value as 'votes' | 'newest');
              setPage(0);
            }}
          >
            <option value="votes">Most votes</option>
            <option value="newest">Newest</option>
          </select>
        </label>
        <label>
          Language{' '}
          <select
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value as CodingLanguage | '');
              setPage(0);
            }}
          >
            <option value="">All languages</option>
            {codingLanguages.map((lang) => (
              <option key={lang} value={lang}>
                {lang}
              </option>
            ))}
          </select>
        </label>
      </div>
      {isLoading ? <p>Loading the solutions…</p> : null}
      {isError ? <p role="alert">The solutions could not be loaded.</p> : null}
      {data && data.solutions.length === 0 ? <p>No solution is shared yet.</p> : null}
      <ul className="solutions-pane__list" aria-label="Shared solutions">
        {data?.solutions.map((solution) => (
          <li key={solution.id} className="shared-solution">
            <VoteButtons
              label={solution.title}
              upvotes={solution.upvotes}
              current={solution.currentUserVote}
              signedIn={signedIn}
              solutionId={solution.id}
              listArg={listArg}
            />
            <button
              type="button"
              className="shared-solution__title"
              aria-expanded={openId === solution.id}
              onClick={() => setOpenId(openId === solution.id ? null : solution.id)}
            >
              {solution.title}
            </button>
            <span className="shared-solution__meta">
              {solution.language}
              {solution.authorName ? ` · by ${solution.authorName}` : ''}
              {solution.authorRemoved ? ' · from a removed account' : ''}
              {solution.isOwn ? ' · yours' : ''}
            </span>
          </li>
        ))}
      </ul>
      {data && (page > 0 || data.hasMore) ? (
        <nav className="solutions-pane__pages" aria-label="Solution pages">
          <Button variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>Page {page + 1}</span>
          <Button variant="secondary" disabled={!data.hasMore} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
      {open ? (
        <SolutionDetail solution={open} signedIn={signedIn} look={look} onDeleted={() => setOpenId(null)} />
      ) : null}
    </div>
  );
}

type VoteButtonsProps = {
  label: string;
  upvotes: number;
  current: Vote;
  signedIn: boolean;
  solutionId: string;
  listArg: Parameters<typeof useListSharedSolutionsQuery>[0];
};

/** Up and down; pressing the pressed one again takes the vote back. Shown at once, undone on failure. */
function VoteButtons({ label, upvotes, current, signedIn, solutionId, listArg }: VoteButtonsProps) {
  const [vote, { isError }] = useVoteSharedSolutionMutation();
  const cast = (value: Vote) =>
    void vote({ solutionId, vote: current === value ? 0 : value, listArg: listArg as never });
  return (
    <span className="votes" title={signedIn ? undefined : 'Log in to vote.'}>
      <button
        type="button"
        className="votes__button"
        aria-label={`Upvote ${label}`}
        aria-pressed={current === 1}
        disabled={!signedIn}
        onClick={() => cast(1)}
      >
        ▲
      </button>
      <span className="votes__count" aria-label={`${upvotes} votes`}>
        {upvotes}
      </span>
      <button
        type="button"
        className="votes__button"
        aria-label={`Downvote ${label}`}
        aria-pressed={current === -1}
        disabled={!signedIn}
        onClick={() => cast(-1)}
      >
        ▼
      </button>
      {isError ? <span role="alert">The vote was not counted.</span> : null}
      {signedIn ? null : <span className="visually-hidden">Log in to vote.</span>}
    </span>
  );
}

function ShareForm({
  questionId,
  code,
  language,
}: {
  questionId: string;
  code: string;
  language: CodingLanguage;
}) {
  const [shown, setShown] = useState(false);
  const [title, setTitle] = useState('');
  const [explanation, setExplanation] = useState('');
  const [submit, { isLoading, error, reset }] = useSubmitSharedSolutionMutation();
  if (!shown) {
    return (
      <Button variant="secondary" onClick={() => setShown(true)}>
        Share your solution
      </Button>
    );
  }
  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const answer = await submit({ questionId, title, explanation, language, solution: code });
    if ('data' in answer) {
      setShown(false);
      setTitle('');
      setExplanation('');
    }
  }
  const message = error && 'data' in error ? (error.data as { message?: string }).message : undefined;
  return (
    <form className="share-form" onSubmit={handleSubmit} aria-label="Share your solution">
      <p>Shares the {language} code in your editor.</p>
      <label>
        Title
        <input
          value={title}
          maxLength={communityLimits.title}
          required
          onChange={(event) => {
            setTitle(event.target.value);
            reset();
          }}
        />
      </label>
      <label>
        Explanation (Markdown)
        <textarea
          value={explanation}
          rows={4}
          maxLength={communityLimits.explanation}
          onChange={(event) => setExplanation(event.target.value)}
        />
      </label>
      {error ? <p role="alert">{message ?? 'The solution could not be shared.'}</p> : null}
      <div className="share-form__actions">
        <Button type="submit" disabled={isLoading || !title.trim() || !code.trim()}>
          Share
        </Button>
        <Button variant="secondary" type="button" onClick={() => setShown(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

type SolutionDetailProps = {
  solution: SharedSolution;
  signedIn: boolean;
  look: EditorLook;
  onDeleted: () => void;
};

function SolutionDetail({ solution, signedIn, look, onDeleted }: SolutionDetailProps) {
  const [remove] = useDeleteSharedSolutionMutation();
  return (
    <section className="solution-detail" aria-label={`Solution: ${solution.title}`}>
      <h3>{solution.title}</h3>
      <Markdown text={solution.explanation} className="solution-detail__explanation" />
      <div className="solution-detail__code">
        <CodeEditor
          path={`shared-solutions/${solution.id}`}
          language={solution.language}
          value={solution.solution}
          onChange={() => undefined}
          themeId={look.themeId}
          syntaxHighlight
          keymap="sublime"
          fontZoom={look.fontZoom}
          readOnly
          ariaLabel={`Code of ${solution.title}`}
        />
      </div>
      {solution.isOwn ? (
        <Button
          variant="link"
          onClick={async () => {
            if ('data' in (await remove({ solutionId: solution.id }))) onDeleted();
          }}
        >
          Delete my solution
        </Button>
      ) : null}
      <Comments solutionId={solution.id} signedIn={signedIn} />
    </section>
  );
}

function Comments({ solutionId, signedIn }: { solutionId: string; signedIn: boolean }) {
  const [page, setPage] = useState(0);
  const listArg = { solutionId, page };
  const { data } = useListCommentsQuery(listArg, { pollingInterval: POLL_MS });
  return (
    <section className="comments" aria-label="Comments">
      <h4>Comments{data ? ` (${data.totalCount})` : ''}</h4>
      {signedIn ? <CommentForm solutionId={solutionId} parentId={null} label="Add a comment" /> : null}
      <ol className="comments__list">
        {data?.comments.map((comment) => (
          <CommentItem key={comment.id} comment={comment} signedIn={signedIn} listArg={listArg} />
        ))}
      </ol>
      {data?.hasMore || page > 0 ? (
        <div className="solutions-pane__pages">
          <Button variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Newer comments
          </Button>
          <Button variant="secondary" disabled={!data?.hasMore} onClick={() => setPage(page + 1)}>
            Older comments
          </Button>
        </div>
      ) : null}
    </section>
  );
}

type CommentItemProps = {
  comment: Comment;
  signedIn: boolean;
  /** The top-level page it is on (its votes patch it); null for a reply. */
  listArg: { solutionId: string; page: number } | null;
  /** For a reply: the batch of replies it came in (its votes patch that). */
  repliesArg?: { parentId: string; cursor: string | null };
};

function CommentItem({ comment, signedIn, listArg, repliesArg }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [repliesShown, setRepliesShown] = useState(false);
  const [vote] = useVoteCommentMutation();
  const [remove] = useDeleteCommentMutation();
  const solutionId = comment.solutionId ?? '';
  const cast = (value: Vote) =>
    void vote({
      commentId: comment.id,
      vote: comment.currentUserVote === value ? 0 : value,
      listArg,
      repliesArg,
    });
  return (
    <li className="comment">
      {comment.deleted ? (
        <p className="comment__deleted">This comment was deleted.</p>
      ) : editing ? (
        <EditForm comment={comment} onDone={() => setEditing(false)} />
      ) : (
        <Markdown text={comment.content} className="comment__content" />
      )}
      <div className="comment__meta">
        {comment.deleted ? null : (
          <span className="votes" title={signedIn ? undefined : 'Log in to vote.'}>
            <button
              type="button"
              className="votes__button"
              aria-label="Upvote this comment"
              aria-pressed={comment.currentUserVote === 1}
              disabled={!signedIn}
              onClick={() => cast(1)}
            >
              ▲
            </button>
            <span className="votes__count">{comment.upvotes}</span>
            <button
              type="button"
              className="votes__button"
              aria-label="Downvote this comment"
              aria-pressed={comment.currentUserVote === -1}
              disabled={!signedIn}
              onClick={() => cast(-1)}
            >
              ▼
            </button>
          </span>
        )}
        {comment.authorName ? <span className="comment__author">{comment.authorName}</span> : null}
        {comment.wasEdited && !comment.deleted ? <span>(edited)</span> : null}
        {comment.authorRemoved ? <span>from a removed account</span> : null}
        {signedIn && !comment.deleted ? (
          <Button variant="link" onClick={() => setReplying(!replying)}>
            Reply
          </Button>
        ) : null}
        {comment.isOwn && !comment.deleted && !editing ? (
          <>
            <Button variant="link" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="link" onClick={() => void remove({ commentId: comment.id })}>
              Delete
            </Button>
          </>
        ) : null}
      </div>
      {replying ? (
        <CommentForm
          solutionId={solutionId}
          parentId={comment.id}
          label="Reply"
          onDone={() => {
            setReplying(false);
            setRepliesShown(true);
          }}
        />
      ) : null}
      {comment.numChildren > 0 && !repliesShown ? (
        <Button variant="link" onClick={() => setRepliesShown(true)}>
          Show {comment.numChildren} {comment.numChildren === 1 ? 'reply' : 'replies'}
        </Button>
      ) : null}
      {repliesShown ? <Replies parentId={comment.id} signedIn={signedIn} /> : null}
    </li>
  );
}

/** Replies in batches of 10: each "show more" asks for the batch after the last one's cursor. */
function Replies({ parentId, signedIn }: { parentId: string; signedIn: boolean }) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return (
    <ol className="comments__replies" aria-label="Replies">
      {cursors.map((cursor, index) => (
        <ReplyBatch
          key={cursor ?? 'first'}
          parentId={parentId}
          cursor={cursor}
          signedIn={signedIn}
          isLast={index === cursors.length - 1}
          onMore={(next) => setCursors([...cursors, next])}
        />
      ))}
    </ol>
  );
}

type ReplyBatchProps = {
  parentId: string;
  cursor: string | null;
  signedIn: boolean;
  isLast: boolean;
  onMore: (cursor: string) => void;
};

function ReplyBatch({ parentId, cursor, signedIn, isLast, onMore }: ReplyBatchProps) {
  const { data } = useListNestedCommentsQuery({ parentId, cursor }, { pollingInterval: POLL_MS });
  return (
    <>
      {data?.comments.map((reply) => (
        <CommentItem
          key={reply.id}
          comment={reply}
          signedIn={signedIn}
          listArg={null}
          repliesArg={{ parentId, cursor }}
        />
      ))}
      {isLast && data?.hasMore && data.cursor ? (
        <li>
          <Button variant="link" onClick={() => onMore(data.cursor!)}>
            Show more replies
          </Button>
        </li>
      ) : null}
    </>
  );
}

type CommentFormProps = { solutionId: string; parentId: string | null; label: string; onDone?: () => void };

function CommentForm({ solutionId, parentId, label, onDone }: CommentFormProps) {
  const [text, setText] = useState('');
  const [create, { isLoading, isError }] = useCreateCommentMutation();
  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if ('data' in (await create({ solutionId, parentId, content: text }))) {
      setText('');
      onDone?.();
    }
  }
  return (
    <form className="comment-form" onSubmit={handleSubmit}>
      <label>
        <span className="visually-hidden">{label}</span>
        <textarea
          value={text}
          rows={2}
          placeholder={label}
          maxLength={communityLimits.comment}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      {isError ? <p role="alert">The comment could not be posted.</p> : null}
      <Button type="submit" variant="secondary" disabled={isLoading || !text.trim()}>
        {parentId ? 'Post reply' : 'Post comment'}
      </Button>
    </form>
  );
}

function EditForm({ comment, onDone }: { comment: Comment; onDone: () => void }) {
  const [text, setText] = useState(comment.content);
  const [edit, { isLoading }] = useEditCommentMutation();
  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if ('data' in (await edit({ commentId: comment.id, content: text }))) onDone();
  }
  return (
    <form className="comment-form" onSubmit={handleSubmit}>
      <label>
        <span className="visually-hidden">Edit your comment</span>
        <textarea value={text} rows={2} onChange={(event) => setText(event.target.value)} />
      </label>
      <Button type="submit" variant="secondary" disabled={isLoading || !text.trim()}>
        Save
      </Button>
      <Button type="button" variant="link" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}
