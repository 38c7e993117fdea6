/**
 * /tags/:tag: the articles with that tag, newest first, a link to its feed
 * and to every tag; a tag with more than two pages' worth has later pages,
 * /tags/:tag/page/N, numbered from its oldest articles, as the articles'
 * list has (Articles.jsx). The page table's entries ('tag', 'tagPage')
 * have their texts, with `{tag}` for the tag's name and `{page}` for the
 * number. A tag no article has, or a number past its pages, is the 404 page.
 */
import { Link, useParams } from 'react-router-dom';
import { documentTitle, pageOf, pagePaths, site, ui } from '../data/index.js';
import { articlesUi } from '../data/articlesUi.js';
import { plural } from '../plural.js';
import { listDataPath, tagFeedPath, tagListPath } from '../urls.js';
import { laterPagePath, listIndexFromNumber } from '../articlesPages.js';
import { usePageData } from '../pageData.js';
import { inLanguage } from '../language.js';
import PageTop from '../components/PageTop.jsx';
import ArticleList from '../components/ArticleList.jsx';
import TagList from '../components/TagList.jsx';
import Pagination from '../components/Pagination.jsx';
import { lazyPage } from '../chunks.js';

// Shown only for an address the server answers with 404 itself, when followed
// inside the app: its chunk is fetched then, not with this page.
const NotFound = lazyPage('NotFound', () => import('../generated/pageChunks/NotFound.js'));

export default function Tag() {
  const { tag: segment, page } = useParams();
  const path = `/tags/${segment}`;
  return page === undefined ? <FirstPage path={path} /> : <NumberedPage key={page} path={path} segment={page} />;
}

/** The tag's first page: every tag, then the tag's newest articles, each from a JSON file of its own (pageData.js). */
function FirstPage({ path }) {
  const { tags } = usePageData(tagListPath);
  const tag = tags.find((each) => each.path === path);
  return tag ? <TagPage key={tag.path} tag={tag} /> : <NotFound />;
}

/**
 * A later page: that page, or the 404 page for a tag or a number there is
 * not. The prerender renders only the pages there are, without asking: so
 * a later page reads only its own JSON, and an added article, which changes
 * the tag's first page, leaves it as it was.
 */
function NumberedPage({ path, segment }) {
  return globalThis.document ? (
    <CheckedPage path={path} segment={segment} />
  ) : (
    <LaterPage path={path} page={Number(segment)} />
  );
}

function CheckedPage({ path, segment }) {
  const { tags } = usePageData(tagListPath);
  return tags.some((tag) => tag.path === path) ? <CheckedNumber path={path} segment={segment} /> : <NotFound />;
}

function CheckedNumber({ path, segment }) {
  const { newest } = usePageData(listDataPath(path));
  const index = listIndexFromNumber(segment, newest);
  return index === null ? <NotFound /> : <LaterPage path={path} page={index + 1} />;
}

/** The tag's feed, named as webapp/build/feed.mjs names it. */
function feedOf(path, name) {
  return {
    path: tagFeedPath(path),
    title: articlesUi.tagFeedTitle
      .replace('{tag}', name)
      .replace('{feed}', ui.feedTitle.replace('{name}', site.main.title)),
  };
}

/** What the entry `key` of the page table says of the page at `path`, its texts filled. */
function metaOf(key, path, fill, feed) {
  const page = pageOf(key);
  return {
    heading: fill(page.heading),
    meta: {
      title: documentTitle({ ...page, title: fill(page.title) }),
      description: fill(page.description),
      keywords: (page.keywords ?? []).map(fill),
      path,
      feed,
    },
  };
}

/** The line under the heading: what `count` says (if anything), the feed, every tag. */
function Intro({ count, feed }) {
  return (
    <>
      {count}
      {count && <span aria-hidden="true"> · </span>}
      <a href={inLanguage(feed.path)}>{articlesUi.tagFeedLink}</a>
      {pagePaths.tags && (
        <>
          <span aria-hidden="true"> · </span>
          <Link to={pagePaths.tags}>{articlesUi.allTags}</Link>
        </>
      )}
    </>
  );
}

function TagPage({ tag }) {
  const { articles, newest } = usePageData(listDataPath(tag.path));
  const feed = feedOf(tag.path, tag.name);
  const { heading, meta } = metaOf('tag', tag.path, (text) => text.replaceAll('{tag}', tag.name), feed);
  return (
    // Part of the articles' section: the nav highlights Articles (Nav.css).
    <div className="container" data-section="articles">
      <PageTop
        meta={meta}
        title={heading}
        intro={<Intro count={plural(articlesUi.articleCount, tag.count)} feed={feed} />}
      />
      <ArticleList articles={articles} headingLevel={2} page TagList={TagList} />
      <Pagination first={tag.path} newest={newest} />
    </div>
  );
}

function LaterPage({ path, page }) {
  // With what the browser checks the tag and the number against (CheckedPage), so that all three come at once.
  const { articles, newest, tag } = usePageData(
    listDataPath(laterPagePath(path, page)),
    tagListPath,
    listDataPath(path),
  );
  const feed = feedOf(path, tag);
  const fill = (text) => text.replaceAll('{tag}', tag).replaceAll('{page}', page);
  const { heading, meta } = metaOf('tagPage', laterPagePath(path, page), fill, feed);
  return (
    <div className="container" data-section="articles">
      <PageTop meta={meta} title={heading} intro={<Intro feed={feed} />} />
      <ArticleList articles={articles} headingLevel={2} page TagList={TagList} />
      <Pagination first={path} page={page} newest={newest} />
    </div>
  );
}
