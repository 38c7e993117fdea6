/**
 * An article's table of contents: a link to each of its `##` headings
 * (`items`: { id, text }, from the build). On a phone it is a disclosure,
 * closed until opened; on a wide screen a list beside the text, kept in
 * view while the article scrolls (ArticleContents.css shows one or the
 * other, so neither needs a script and the first frame is final).
 */
import { ui } from '../data/index.js';
import './ArticleContents.css';

export default function ArticleContents({ items }) {
  const list = (
    <ol className="article-contents__list">
      {items.map(({ id, text }) => (
        <li key={id}>
          <a href={`#${id}`}>{text}</a>
        </li>
      ))}
    </ol>
  );
  return (
    <nav className="article-contents" aria-label={ui.contents}>
      <details className="article-contents__narrow">
        <summary>{ui.contents}</summary>
        {list}
      </details>
      <div className="article-contents__wide">
        <p className="article-contents__title" aria-hidden="true">
          {ui.contents}
        </p>
        {list}
      </div>
    </nav>
  );
}
