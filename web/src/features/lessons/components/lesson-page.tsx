import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { ProblemProductId, ProductId } from '@app/contracts';
import { useGetUserDataQuery, useSetUserDataMutation } from '@/shared/api/problems-api';
import { useIsSignedInHere } from '@/shared/auth/session-slice';
import { products } from '@/shared/catalog/products';
import { Loader } from '@/shared/ui/loader';
import { LessonBody } from './lesson-body';
import { PageHeader } from '@/shared/ui/page';
import { type LessonItem, useListLessonsQuery } from '../lessons-api';
import { completionPatch, lessonPatch, mapIn, progressFetchMap, progressPaths } from '../lesson-progress';
import { LessonClip } from './lesson-clip';
import { SwiftNote } from './swift-note';
import './lessons.css';

type LessonPageProps = {
  /** The product whose content and user data the lessons are (behavioral lessons: algoexpert). */
  product: ProblemProductId;
  /** The product whose pages these are (breadcrumbs, the buy link). */
  pageProduct?: ProductId;
  /** The course section (lessons/list `section`). */
  section: string;
  title: string;
  lead: string;
  /** The route of the course: `${basePath}/${lessonId}` opens a lesson. */
  basePath: string;
  lessonId?: string;
  /** Shown under the outline (a course's assessment). */
  aside?: ReactNode;
};

/**
 * A course: its outline (each lesson with its reading time, completion and lock), and the lesson the url
 * names (the first one otherwise) with its text and diagrams, previous and next, and "mark as completed"
 * kept in the learner's user data. A lesson the learner may not read shows its summary and how to get it.
 */
export function LessonPage({
  product,
  pageProduct,
  section,
  title,
  lead,
  basePath,
  lessonId,
  aside,
}: LessonPageProps) {
  const signedIn = useIsSignedInHere();
  const owner = products[pageProduct ?? product];
  const lessons = useListLessonsQuery({ params: { product }, request: { section } });
  const paths = progressPaths(product, section);
  const progress = useGetUserDataQuery(
    { params: { product }, request: { fetchMap: progressFetchMap(paths), fetchKey: 'TAKE' } },
    { skip: !signedIn },
  );
  const [saveUserData, saving] = useSetUserDataMutation();
  // The clip's saves have their own state, so they never disable "Mark as completed".
  const [saveClipData] = useSetUserDataMutation();
  const items: LessonItem[] = (lessons.data?.items as LessonItem[] | undefined) ?? [];
  const index = lessonId ? items.findIndex((item) => item.id === lessonId) : 0;
  const lesson = index >= 0 ? items[index] : undefined;
  const completed = mapIn<boolean>(progress.data, paths.completed);
  const videoTimes = mapIn<number>(progress.data, paths.videoTimes);
  const videosWatched = mapIn<boolean>(progress.data, paths.videosWatched);

  // The lesson last opened is the learner's place in the course.
  const openedId = lesson?.acl.isAvailable && lessonId ? lesson.id : undefined;
  useEffect(() => {
    if (!signedIn || !openedId) return;
    void saveUserData({
      params: { product },
      request: { data: { currentLesson: { section, lessonId: openedId } }, deepMerge: true },
    });
  }, [signedIn, openedId, product, section, saveUserData]);

  const crumbs = [
    { label: owner.name, to: owner.productPath },
    ...(owner.indexPath ? [{ label: 'Index', to: owner.indexPath }] : []),
    ...(lessonId ? [{ label: title, to: basePath }] : []),
  ];

  if (lessons.isLoading) return <Loader label={`Loading ${title.toLowerCase()}`} size="large" />;
  if (lessons.error || (lessonId && !lesson)) {
    return (
      <div className="lesson-page">
        <PageHeader title={lessonId ? 'Lesson not found' : title} crumbs={crumbs} />
        <p>
          {lessonId ? 'There is no such lesson in this course.' : 'The lessons could not be loaded.'}{' '}
          <Link to={basePath}>Back to {title}</Link>
        </p>
      </div>
    );
  }
  const done = items.filter((item) => completed[item.id]).length;
  const toggle = (item: LessonItem) =>
    saveUserData({
      params: { product },
      request: { data: completionPatch(paths.completed, item.id, !completed[item.id]), deepMerge: true },
    });
  // A clip's place and its being watched are saved as they happen, without waiting for the answer.
  const saveClip = (path: readonly string[], lessonId: string, value: number | boolean) =>
    void saveClipData({
      params: { product },
      request: { data: lessonPatch(path, lessonId, value), deepMerge: true },
    });

  return (
    <div className="lesson-page" data-section={section}>
      <PageHeader
        title={lessonId && lesson ? lesson.title : title}
        eyebrow={lessonId ? title : owner.name}
        lead={lessonId && lesson ? lesson.summary : lead}
        crumbs={crumbs}
      />
      <div className="lesson-layout">
        <nav className="lesson-outline" aria-label={`${title}: lessons`}>
          <p className="lesson-outline__progress">
            {signedIn ? `${done} of ${items.length} completed` : `${items.length} lessons`}
          </p>
          <ol>
            {items.map((item) => (
              <li key={item.id} data-completed={completed[item.id] ? 'true' : undefined}>
                <Link
                  to={`${basePath}/${item.id}`}
                  aria-current={lesson?.id === item.id ? 'page' : undefined}
                  className="lesson-outline__link"
                >
                  <span className="lesson-outline__title">{item.title}</span>
                  <span className="lesson-outline__meta">
                    {item.minutes} min
                    {item.video ? (
                      <span className="lesson-outline__clip">
                        {' '}
                        · {videosWatched[item.id] ? 'Clip watched' : 'Clip'}
                      </span>
                    ) : null}
                    {completed[item.id] ? <span className="lesson-outline__done"> · Completed</span> : null}
                    {!item.acl.isAvailable ? <span className="lesson-outline__locked"> · Locked</span> : null}
                    {item.isFree && !completed[item.id] ? <span> · Free</span> : null}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
          {aside}
        </nav>
        {lesson ? (
          <article className="lesson-article" aria-label={lesson.title}>
            {!lessonId ? <h2 className="lesson-article__title">{lesson.title}</h2> : null}
            <p className="lesson-article__meta">
              Lesson {lesson.order} of {items.length} · {lesson.minutes} min read
            </p>
            {lesson.video && lesson.body !== null ? (
              <LessonClip
                key={lesson.id}
                video={lesson.video}
                savedSeconds={videoTimes[lesson.id]}
                watched={videosWatched[lesson.id] === true}
                onTime={signedIn ? (seconds) => saveClip(paths.videoTimes, lesson.id, seconds) : undefined}
                onWatched={signedIn ? () => saveClip(paths.videosWatched, lesson.id, true) : undefined}
              />
            ) : null}
            {product === 'iosexpert' && lesson.body?.includes('```swift') ? <SwiftNote /> : null}
            {lesson.body !== null ? (
              <LessonBody
                product={product}
                lessonId={lesson.id}
                body={lesson.body}
                className="lesson-article__body"
              />
            ) : (
              <section className="lesson-locked" aria-label="Locked lesson">
                <p>{lesson.summary}</p>
                <p>
                  This lesson is part of {owner.name}. Get {owner.name} to read every lesson of the course;
                  the free lessons are open to everyone.
                </p>
                <Link className="button button--primary" to="/purchase">
                  Get {owner.name}
                </Link>
              </section>
            )}
            {lesson.practiceQuestionCount ? (
              <section className="lesson-practice" aria-labelledby="lesson-practice-heading">
                <h2 id="lesson-practice-heading">Practice</h2>
                <p>
                  {lesson.practiceQuestionCount} question{lesson.practiceQuestionCount === 1 ? '' : 's'} on
                  this lesson, each checked as you answer, with its explanation.
                </p>
                <Link className="button" to={`${basePath}/${lesson.id}/practice-questions/1`}>
                  Practise this lesson
                </Link>
              </section>
            ) : null}
            <footer className="lesson-article__footer">
              {lesson.body !== null && signedIn ? (
                <button
                  type="button"
                  className="button"
                  aria-pressed={completed[lesson.id] === true}
                  disabled={saving.isLoading}
                  onClick={() => void toggle(lesson)}
                >
                  {completed[lesson.id] ? 'Completed ✓ (mark as not completed)' : 'Mark as completed'}
                </button>
              ) : lesson.body !== null ? (
                <p className="lesson-article__hint">Sign in to keep track of the lessons you complete.</p>
              ) : null}
              <nav className="lesson-pager" aria-label="Previous and next lesson">
                {items[index - 1] ? (
                  <Link to={`${basePath}/${items[index - 1].id}`} rel="prev">
                    ← {items[index - 1].title}
                  </Link>
                ) : (
                  <span />
                )}
                {items[index + 1] ? (
                  <Link to={`${basePath}/${items[index + 1].id}`} rel="next">
                    {items[index + 1].title} →
                  </Link>
                ) : null}
              </nav>
            </footer>
          </article>
        ) : (
          <p>No lessons are published in this course yet.</p>
        )}
      </div>
    </div>
  );
}
