/** Articles: heading, subheading and the list of articles. */
import { site } from '../data/index.js';
// Every article's summary, newest first: in this page's chunk only.
import { articleList } from '../generated/articleList.js';
import PageTop from '../components/PageTop.jsx';
import ArticleList from '../components/ArticleList.jsx';

export default function Articles() {
  return (
    <div className="container">
      <PageTop page="articles" title={site.articles.title} intro={site.articles.description} />
      <ArticleList articles={articleList} headingLevel={2} page />
    </div>
  );
}
