/**
 * /tags/:tag: the articles with that tag, newest first, a link to its feed
 * and to every tag. The page table's entry ('tag') has its texts, with
 * `{tag}` for the tag's name. A tag no article has is the 404 page.
 */
import { Link, useParams } from 'react-router-dom';
import { documentTitle, pageOf, pagePaths, site, ui } from '../data/index.js';
import { articlesUi } from '../data/articlesUi.js';
import { plural } from '../plural.js';
import { listDataPath, tagFeedPath, tagListPath } from '../urls.js';
import { usePageData } from '../pageData.js';
import { inLanguage } from '../language.js';
import PageTop from '../components/PageTop.jsx';
import ArticleList from '../components/ArticleList.jsx';
import TagList from '../components/TagList.jsx';
import { lazyPage } from '../chunks.js';

// Shown only for an address the server answers with 404 itself, when followed
// inside the app: its chunk is fetched then, not with this page.
const NotFound = lazyPage('NotFound', () => import('../generated/pageChunks/NotFound.js'));

export default function Tag() {
  const { tag: segment } = useParams();
  // Every tag, then the tag's articles: each from a JSON file of its own (pageData.js).
  const { tags } = usePageData(tagListPath);
  const tag = tags.find(({ path }) => path === `/tags/${segment}`);
  return tag ? <TagPage key={tag.path} tag={tag} /> : <NotFound />;
}

function TagPage({ tag }) {
  const { articles } = usePageData(listDataPath(tag.path));
  const page = pageOf('tag');
  const fill = (text) => text.replaceAll('{tag}', tag.name);
  // Named as webapp/build/feed.mjs names it.
  const feed = {
    path: tagFeedPath(tag.path),
    title: articlesUi.tagFeedTitle
      .replace('{tag}', tag.name)
      .replace('{feed}', ui.feedTitle.replace('{name}', site.main.title)),
  };
  const meta = {
    title: documentTitle({ ...page, title: fill(page.title) }),
    description: fill(page.description),
    keywords: (page.keywords ?? []).map(fill),
    path: tag.path,
    feed,
  };
  const intro = (
    <>
      {plural(articlesUi.articleCount, tag.count)}
      <span aria-hidden="true"> · </span>
      <a href={inLanguage(feed.path)}>{articlesUi.tagFeedLink}</a>
      {pagePaths.tags && (
        <>
          <span aria-hidden="true"> · </span>
          <Link to={pagePaths.tags}>{articlesUi.allTags}</Link>
        </>
      )}
    </>
  );
  return (
    // Part of the articles' section: the nav highlights Articles (Nav.css).
    <div className="container" data-section="articles">
      <PageTop meta={meta} title={fill(page.heading)} intro={intro} />
      <ArticleList articles={articles} headingLevel={2} page TagList={TagList} />
    </div>
  );
}
