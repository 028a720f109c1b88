import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// The router scrolls to a link's section only if the section is on the page when it commits the
// navigation; under Preact (the public pages' script) the new page's DOM can arrive a frame later,
// and the router then scrolls to the top instead. Back between two sections of one page needs this
// too: the router keys every in-page anchor jump the same way and would leave the window where it was.
export function ScrollToHash() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (!location.hash) return;
    const id = decodeURIComponent(location.hash.slice(1));
    let frame = 0;
    let framesLeft = 60;
    const scrollWhenThere = () => {
      const section = document.getElementById(id);
      if (section) {
        section.scrollIntoView();
        return;
      }
      if (framesLeft-- > 0) frame = requestAnimationFrame(scrollWhenThere);
    };
    scrollWhenThere();
    return () => cancelAnimationFrame(frame);
  }, [location, navigationType]);

  return null;
}
