/**
 * An article's tags (names as its front matter writes them), each a link
 * to the tag's page: on the article's page and in lists. Nothing when the
 * article has none, or the page table has no tag pages.
 */
import { Link } from 'react-router-dom';
import { pages } from '../data/index.js';
import { articlesUi } from '../data/articlesUi.js';
import { tagPath } from '../urls.js';
import './TagList.css';

const hasTagPages = pages.some(({ path }) => path === '/tags/:tag');

export default function TagList({ tags }) {
  if (!hasTagPages || !tags?.length) return null;
  return (
    <ul className="tag-list" aria-label={articlesUi.tagsLabel}>
      {tags.map((name) => (
        <li key={name}>
          <Link className="tag-list__tag" to={tagPath(name)}>
            {name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
