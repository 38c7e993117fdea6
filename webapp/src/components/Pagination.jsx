/**
 * The links between the pages of the articles' list: newer, each page by
 * its number (the current one marked), older. Nothing when there is one page.
 */
import { Link } from 'react-router-dom';
import { articlesUi } from '../data/articlesUi.js';
import { articlesPagePath } from '../urls.js';
import './Pagination.css';

export default function Pagination({ page, pages }) {
  if (pages < 2) return null;
  const words = articlesUi.pagination;
  const numbers = Array.from({ length: pages }, (_, i) => i + 1);
  return (
    <nav className="pagination" aria-label={words.label}>
      {page > 1 && (
        <Link className="pagination__step" to={articlesPagePath(page - 1)} rel="prev">
          {words.newer}
        </Link>
      )}
      <ol className="pagination__pages">
        {numbers.map((n) => (
          <li key={n}>
            <Link
              className="pagination__page"
              to={articlesPagePath(n)}
              aria-label={words.page.replace('{page}', n)}
              aria-current={n === page ? 'page' : undefined}
            >
              {n}
            </Link>
          </li>
        ))}
      </ol>
      {page < pages && (
        <Link className="pagination__step" to={articlesPagePath(page + 1)} rel="next">
          {words.older}
        </Link>
      )}
    </nav>
  );
}
