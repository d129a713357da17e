import { Link } from 'react-router-dom';
import { notFoundTexts } from '@app/contracts';

type NotFoundProps = {
  /** Where the button leads: the lessons (or, for an assessment, the index) the question belongs to. */
  backTo?: string;
  variant?: 'lessons' | 'assessment';
};

/** Spec 2, Not-found texts: a question that does not exist. */
export function NotFound({ backTo = '/product', variant = 'lessons' }: NotFoundProps) {
  return (
    <div className="error-screen">
      <title>Not found · Interview Prep</title>
      <h1>Not found</h1>
      <p>{notFoundTexts.question}</p>
      <Link to={backTo} className="button button--primary">
        {variant === 'assessment' ? notFoundTexts.assessmentButton : notFoundTexts.lessonsButton}
      </Link>
    </div>
  );
}
