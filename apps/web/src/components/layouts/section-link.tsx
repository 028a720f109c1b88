import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

import { paths, type HomeSection } from '@/config/paths';

type SectionLinkProps = {
  section: HomeSection | (string & {});
  className?: string;
  children: ReactNode;
  onClick?: () => void;
};

// On the home page a section link is a plain in-page anchor; anywhere else it leads back to that
// section of the home page.
export function SectionLink({ section, className, children, onClick }: SectionLinkProps) {
  const { pathname } = useLocation();

  if (pathname === paths.home) {
    return (
      <a href={`#${section}`} className={className} onClick={onClick}>
        {children}
      </a>
    );
  }

  return (
    <Link
      to={{ pathname: paths.home, hash: `#${section}` }}
      className={className}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}
