/** One article in a list: date, title, description and a 'Read Article' link to /article/N. */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ui } from '../data/index.js';
import { articlePath } from '../routes.js';
import Icon from './Icon.jsx';
import './ArticleListItem.css';

export default function ArticleListItem({ article, index, headingLevel = 2, compact = false }) {
  const titleId = useId();
  const Heading = `h${headingLevel}`;
  return (
    <article className={compact ? 'article-item article-item--compact' : 'article-item'}>
      <p className="article-item__date">{article.date}</p>
      <div className="article-item__content">
        <Heading className="article-item__title" id={titleId}>
          {article.title}
        </Heading>
        <p className="article-item__description">{article.description}</p>
        <Link className="article-item__link" to={articlePath(index)} aria-describedby={titleId}>
          {ui.readArticle}
          <Icon name="arrowRight" className="article-item__arrow" />
        </Link>
      </div>
    </article>
  );
}
