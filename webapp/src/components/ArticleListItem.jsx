/**
 * One article in a list: date, reading time, title, description, what the
 * list adds (`extra`: its tags, on the list pages) and a 'Read Article'
 * link to its permalink. `article` is a summary
 * (webapp/build/articles.mjs): no body.
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ui } from '../data/index.js';
import Icon from './Icon.jsx';
import DraftMark from './DraftMark.jsx';
import './ArticleListItem.css';

export default function ArticleListItem({ article, headingLevel = 2, compact = false, extra = null }) {
  const titleId = useId();
  const Heading = `h${headingLevel}`;
  return (
    <article className={compact ? 'article-item article-item--compact' : 'article-item'}>
      <p className="article-item__date">
        <time dateTime={article.isoDate}>{article.date}</time>
        <span className="article-item__reading">{ui.readingTime.replace('{minutes}', article.readingMinutes)}</span>
      </p>
      <div className="article-item__content">
        {article.draft && <DraftMark />}
        <Heading className="article-item__title" id={titleId}>
          {article.title}
        </Heading>
        <p className="article-item__description">{article.description}</p>
        {extra}
        <Link className="card-link" to={article.path} aria-describedby={titleId}>
          {ui.readArticle}
          <Icon name="arrowRight" className="article-item__arrow" />
        </Link>
      </div>
    </article>
  );
}
