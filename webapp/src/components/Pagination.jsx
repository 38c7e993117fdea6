/**
 * The links between the pages of a list of articles, newest first: newer,
 * the nearby pages by their number (the current one marked) and page 1,
 * older. The list's first page (`first`: /articles, a tag's page) holds
 * the newest articles and has no number; the later pages are numbered
 * from the oldest, so that a number always shows the same articles
 * (articlesPages.js). `page` is this page's number (null on the first),
 * `newest` the newest page it links. Nothing when the list has no later page.
 */
import { Link } from 'react-router-dom';
import { articlesUi } from '../data/articlesUi.js';
import { articlesPath, laterPagePath, nearbyPages } from '../articlesPages.js';
import './Pagination.css';

export default function Pagination({ first = articlesPath, page = null, newest }) {
  if (newest < 1) return null;
  const words = articlesUi.pagination;
  const oldestNearby = Math.max(1, (page ?? newest + 1) - nearbyPages);
  const numbers = Array.from({ length: newest - oldestNearby + 1 }, (_, i) => newest - i);
  const newer = page === null ? null : page < newest ? laterPagePath(first, page + 1) : first;
  const older = page === null ? newest : page - 1;
  return (
    <nav className="pagination" aria-label={words.label}>
      {newer && (
        <Link className="pagination__step" to={newer} rel="prev">
          {words.newer}
        </Link>
      )}
      <ol className="pagination__pages">
        {numbers.map((n) => (
          <PageLink key={n} first={first} n={n} current={n === page} />
        ))}
        {oldestNearby > 1 && (
          <>
            {oldestNearby > 2 && (
              <li className="pagination__gap" aria-hidden="true">
                …
              </li>
            )}
            <PageLink first={first} n={1} />
          </>
        )}
      </ol>
      {older > 0 && (
        <Link className="pagination__step" to={laterPagePath(first, older)} rel="next">
          {words.older}
        </Link>
      )}
    </nav>
  );
}

function PageLink({ first, n, current = false }) {
  return (
    <li>
      <Link
        className="pagination__page"
        to={laterPagePath(first, n)}
        aria-label={articlesUi.pagination.page.replace('{page}', n)}
        aria-current={current ? 'page' : undefined}
      >
        {n}
      </Link>
    </li>
  );
}
