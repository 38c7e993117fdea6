/**
 * The articles' list, newest first, `articlesPerPage` a page: /articles
 * holds the newest (its heading, intro, a link to the tags and the search),
 * /articles/page/N the older ones, numbered from the oldest (the page
 * table's 'articlesPage', `{page}` its number; laterPageCount in build/articleLists.mjs).
 * Each page's summaries come from its own JSON file (pageData.js), so no
 * page carries every article's; the search finds among all of them. A
 * number the list has no page for is the 404 page: /articles' JSON, not a
 * script, says how many there are, so adding an article changes no script.
 */
import { Link, useParams } from 'react-router-dom';
import { documentTitle, pageOf, pagePaths } from '../data/index.js';
import { articlesUi } from '../data/articlesUi.js';
import { listDataPath } from '../urls.js';
import { articlesPagePath, articlesPath, listIndexFromNumber } from '../articlesPages.js';
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
  return segment === undefined ? <FirstPage /> : <NumberedPage key={segment} segment={segment} />;
}

/**
 * /articles/page/N: that page, or the 404 page past the newest (which
 * /articles' JSON names). The prerender renders only the pages there are,
 * without asking: so a later page reads only its own JSON, and an added
 * article, which changes /articles', leaves it as it was.
 */
function NumberedPage({ segment }) {
  return globalThis.document ? <CheckedPage segment={segment} /> : <LaterPage page={Number(segment)} />;
}

function CheckedPage({ segment }) {
  const { newest } = usePageData(listDataPath(articlesPath));
  const index = listIndexFromNumber(segment, newest);
  return index === null ? <NotFound /> : <LaterPage page={index + 1} />;
}

function LaterPage({ page }) {
  // With what the browser checks the number against (CheckedPage), so that both come at once.
  const data = usePageData(listDataPath(articlesPagePath(page)), listDataPath(articlesPath));
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
      <ArticleList articles={data.articles} headingLevel={2} page TagList={TagList} />
      <Pagination page={page} newest={data.newest} />
    </div>
  );
}

function FirstPage() {
  const { articles, newest, tagCount } = usePageData(listDataPath(articlesPath));
  const first = pageOf('articles');
  return (
    <div className="container">
      <PageTop page="articles" title={first.heading} intro={first.intro} />
      {pagePaths.tags && tagCount > 0 && (
        <p className="articles-page__tags">
          <Link to={pagePaths.tags}>{articlesUi.allTags}</Link>
        </p>
      )}
      <ArticleSearch TagList={TagList}>
        <ArticleList articles={articles} headingLevel={2} page TagList={TagList} />
        <Pagination newest={newest} />
      </ArticleSearch>
    </div>
  );
}
