/**
 * The series an article is part of (`series:` in its front matter, see
 * webapp/build/articles.mjs): its place ("Part 2 of 3 of the series …",
 * the name linking the series' page) and every part in order, the article
 * itself marked as the current one.
 */
import { Link } from 'react-router-dom';
import { pages } from '../data/index.js';
import { articlesUi } from '../data/articlesUi.js';
import './SeriesParts.css';

// The series' own page, unless the owner took it out of the page table.
const hasSeriesPages = pages.some(({ path }) => path === '/series/:series');

export default function SeriesParts({ series, path }) {
  const [before, after] = articlesUi.seriesPart
    .replace('{part}', series.part)
    .replace('{count}', series.parts.length)
    .split('{series}');
  return (
    <nav className="series-parts" aria-label={articlesUi.seriesLabel.replace('{series}', series.name)}>
      <p className="series-parts__place">
        {before}
        {hasSeriesPages ? <Link to={series.path}>{series.name}</Link> : series.name}
        {after}
      </p>
      <ol className="series-parts__list">
        {series.parts.map((part) => (
          <li key={part.path}>
            {part.path === path ? (
              <span aria-current="page">{part.title}</span>
            ) : (
              <Link to={part.path}>{part.title}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
