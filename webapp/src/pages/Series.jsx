/**
 * /series/:series: the parts of a series (`series:` in their front
 * matter), in the order to read them. The page table's entry ('series')
 * has its texts, with `{series}` for its name. A series no article names
 * is the 404 page.
 */
import { useParams } from 'react-router-dom';
import { documentTitle, pageOf } from '../data/index.js';
import { articlesUi } from '../data/articlesUi.js';
import { plural } from '../plural.js';
import { seriesListPath } from '../urls.js';
import { usePageData } from '../pageData.js';
import PageTop from '../components/PageTop.jsx';
import ArticleList from '../components/ArticleList.jsx';
import TagList from '../components/TagList.jsx';
import { lazyPage } from '../chunks.js';

// Shown only for an address the server answers with 404 itself, when followed
// inside the app: its chunk is fetched then, not with this page.
const NotFound = lazyPage('NotFound', () => import('../generated/pageChunks/NotFound.js'));

export default function Series() {
  const { series: segment } = useParams();
  const { series: every } = usePageData(seriesListPath);
  const series = every.find(({ path }) => path === `/series/${segment}`);
  return series ? <SeriesPage key={series.path} series={series} /> : <NotFound />;
}

function SeriesPage({ series }) {
  const page = pageOf('series');
  const fill = (text) => text.replaceAll('{series}', series.name);
  const meta = {
    title: documentTitle({ ...page, title: fill(page.title) }),
    description: fill(page.description),
    keywords: (page.keywords ?? []).map(fill),
    path: series.path,
  };
  return (
    // Part of the articles' section: the nav highlights Articles (Nav.css).
    <div className="container" data-section="articles">
      <PageTop meta={meta} title={fill(page.heading)} intro={plural(articlesUi.seriesParts, series.articles.length)} />
      <ArticleList articles={series.articles} headingLevel={2} page TagList={TagList} />
    </div>
  );
}
