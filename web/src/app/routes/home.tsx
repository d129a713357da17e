import { Link } from 'react-router-dom';
import './home.css';

const tracks = [
  { title: 'Algorithms', detail: 'Coding questions with an online workspace, tests and video walkthroughs.' },
  { title: 'Systems design', detail: 'Fundamentals, design questions and a quiz to check what stuck.' },
  { title: 'Machine learning', detail: 'A crash course, coding questions and large-scale design.' },
  { title: 'Frontend', detail: 'HTML, CSS, JavaScript and React crash courses and questions.' },
] as const;

export function Component() {
  return (
    <div className="home">
      <title>Interview Prep · Ace the Technical Interviews</title>
      <section className="home__hero" aria-labelledby="home-heading">
        <p className="home__eyebrow">Interview preparation</p>
        <h1 id="home-heading">Ace the technical interviews.</h1>
        <p className="home__lead">
          Welcome! Practise coding questions, study systems design and machine learning, and walk into your
          next interview ready.
        </p>
        <div className="home__actions">
          <Link to="/status" className="button button--primary">
            View system status
          </Link>
        </div>
      </section>
      <section aria-labelledby="tracks-heading">
        <h2 id="tracks-heading" className="home__section-title">
          What you will find here
        </h2>
        <ul className="track-grid">
          {tracks.map((track) => (
            <li key={track.title} className="track-card">
              <h3>{track.title}</h3>
              <p>{track.detail}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
