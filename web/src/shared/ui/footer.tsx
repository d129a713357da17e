import { Link } from 'react-router-dom';

const footerLinks = [
  { to: '/help', label: 'Contact Us' },
  { to: '/help#faq', label: 'FAQ' },
  { to: '/reviews', label: 'Reviews' },
  { to: '/blog', label: 'Blog' },
  { to: '/jobs', label: 'Jobs' },
  { to: '/swe-project-contests', label: 'SWE Project Contests' },
  { to: '/legal', label: 'Legal Stuff' },
  { to: '/privacy', label: 'Privacy Policy' },
] as const;

type FooterProps = { isColoured: boolean };

/** The footer of spec 2: its links and the copyright line with the current year. */
export function Footer({ isColoured }: FooterProps) {
  return (
    <footer className={isColoured ? 'app-footer app-footer--coloured' : 'app-footer'}>
      <nav aria-label="Footer">
        <ul className="app-footer__links">
          {footerLinks.map((link) => (
            <li key={link.label}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="app-footer__copyright">
        Copyright © {new Date().getFullYear()} Interview Prep. All rights reserved.
      </p>
    </footer>
  );
}
