import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// The router takes over scroll restoration, and it keys every in-page anchor jump the same way,
// so Back between two sections of one page would otherwise leave the window where it was.
export function ScrollToHash() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (navigationType !== 'POP' || !location.hash) return;
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, [location, navigationType]);

  return null;
}
