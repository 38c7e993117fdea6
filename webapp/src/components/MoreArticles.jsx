/**
 * The end of an article's page: up to three related articles (sharing its
 * tags) and the previous (older) and next (newer) article, as the build
 * linked them (webapp/build/articles.mjs). Nothing when there is none.
 */
import { Link } from 'react-router-dom';
import { articlesUi } from '../data/articlesUi.js';
import './MoreArticles.css';

export default function MoreArticles({ previous, next, related = [] }) {
  if (!previous && !next && related.length === 0) return null;
  const neighbours = [
    ['previous', articlesUi.previousArticle, previous, 'prev'],
    ['next', articlesUi.nextArticle, next, 'next'],
  ].filter(([, , article]) => article);
  return (
    <nav className="more-articles" aria-label={articlesUi.moreArticles}>
      {related.length > 0 && (
        <>
          <h2 className="more-articles__heading">{articlesUi.relatedArticles}</h2>
          <ul className="more-articles__related">
            {related.map((article) => (
              <li key={article.path}>
                <Link to={article.path}>{article.title}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {neighbours.length > 0 && (
        <ul className="more-articles__neighbours">
          {neighbours.map(([side, label, article, rel]) => (
            <li key={side} className={`more-articles__${side}`}>
              <Link to={article.path} rel={rel}>
                <span className="more-articles__label">{label}</span>
                <span className="more-articles__title">{article.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
