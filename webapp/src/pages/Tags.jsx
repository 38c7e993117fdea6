/** /tags: every tag of the articles with its number of articles, most used first, each linking its page. */
import { Link } from 'react-router-dom';
import { pageOf } from '../data/index.js';
import { articlesUi } from '../data/articlesUi.js';
import { plural } from '../plural.js';
import { tagListPath } from '../urls.js';
import { usePageData } from '../pageData.js';
import PageTop from '../components/PageTop.jsx';
import './Tags.css';

export default function Tags() {
  const page = pageOf('tags');
  // Every tag with its count, from a JSON file (pageData.js): in no script.
  const { tags } = usePageData(tagListPath);
  return (
    // Part of the articles' section: the nav highlights Articles (Nav.css).
    <div className="container" data-section="articles">
      <PageTop page="tags" title={page.heading} intro={page.intro} />
      {tags.length === 0 ? (
        <p>{articlesUi.noTags}</p>
      ) : (
        <ul className="tags-page__list">
          {tags.map((tag) => (
            <li key={tag.path}>
              <Link className="tags-page__tag" to={tag.path}>
                <span className="tags-page__name">{tag.name}</span>
                <span className="tags-page__count">{plural(articlesUi.articleCount, tag.count)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
