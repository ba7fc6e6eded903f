import { Link } from 'react-router';
import type { LinkGroup } from '../site-links';

interface LinkGroupNavProps {
  group: LinkGroup;
  headingClassName: string;
  linkClassName: string;
}

/** One titled list of site links (a footer column, a sitemap group). */
export function LinkGroupNav({ group, headingClassName, linkClassName }: LinkGroupNavProps) {
  return (
    <nav aria-label={group.title}>
      <h2 className={headingClassName}>{group.title}</h2>
      <ul className="mt-4 space-y-3">
        {group.links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className={linkClassName}>
              {link.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
