/**
 * The articles' list, newest first, `articlesPerPage` a page: /articles is
 * the first page (its heading, intro, a link to the tags and the search),
 * /articles/page/2 and on the next ones (the page table's 'articlesPage',
 * `{page}` its number). Each page's summaries come from its own JSON file
 * (pageData.js), so no page carries every article's; the search finds
 * among all of them. A page past the last is the 404 page (the first
 * page's JSON says how many there are: no script holds the number, so
 * adding an article changes none).
 */
import { Link, Navigate, useParams } from 'react-router-dom';
import { documentTitle, pageOf, pagePaths } from '../data/index.js';
import { articlesUi } from '../data/articlesUi.js';
import { articlesPagePath, listDataPath, listIndexFromNumber } from '../urls.js';
import { usePageData } from '../pageData.js';
import PageTop from '../components/PageTop.jsx';
import ArticleList from '../components/ArticleList.jsx';
import TagList from '../components/TagList.jsx';
import ArticleSearch from '../components/ArticleSearch.jsx';
import Pagination from '../components/Pagination.jsx';
import { lazyPage } from '../chunks.js';

// Shown only for an address the server answers with 404 itself, when followed
// inside the app: its chunk is fetched then, not with this page.
const NotFound = lazyPage('NotFound', () => import('../generated/pageChunks/NotFound.js'));
import './Articles.css';

export default function Articles() {
  const { page: segment } = useParams();
  if (segment === undefined) return <ArticlesPage page={1} />;
  if (segment === '1') return <Navigate replace to={articlesPagePath(1)} />;
  return <LaterPage key={segment} segment={segment} />;
}

/** /articles/page/N: that page, or the 404 page past the last. */
function LaterPage({ segment }) {
  const { pages } = usePageData(listDataPath(articlesPagePath(1)));
  const index = listIndexFromNumber(segment, pages);
  return index === null ? <NotFound /> : <ArticlesPage page={index + 1} />;
}

function ArticlesPage({ page }) {
  const { articles, pages, tagCount } = usePageData(listDataPath(articlesPagePath(page)));
  const list = (
    <>
      <ArticleList articles={articles} headingLevel={2} page TagList={TagList} />
      <Pagination page={page} pages={pages} />
    </>
  );
  if (page > 1) {
    const entry = pageOf('articlesPage');
    const fill = (text) => text.replaceAll('{page}', page);
    const meta = {
      title: documentTitle({ ...entry, title: fill(entry.title) }),
      description: fill(entry.description),
      keywords: entry.keywords ?? [],
      path: articlesPagePath(page),
    };
    return (
      // Part of the articles' section: the nav highlights Articles (Nav.css).
      <div className="container" data-section="articles">
        <PageTop meta={meta} title={fill(entry.heading)} />
        {list}
      </div>
    );
  }
  const first = pageOf('articles');
  return (
    <div className="container">
      <PageTop page="articles" title={first.heading} intro={first.intro} />
      {pagePaths.tags && tagCount > 0 && (
        <p className="articles-page__tags">
          <Link to={pagePaths.tags}>{articlesUi.allTags}</Link>
        </p>
      )}
      <ArticleSearch TagList={TagList}>{list}</ArticleSearch>
    </div>
  );
}
