/** Articles: heading, subheading and the list of articles. */
import { pageOf } from '../data/index.js';
// Every article's summary, newest first: in this page's chunk only.
import { articleList } from '../generated/articleList.js';
import PageTop from '../components/PageTop.jsx';
import ArticleList from '../components/ArticleList.jsx';

export default function Articles() {
  return (
    <div className="container">
      <PageTop page="articles" title={pageOf('articles').heading} intro={pageOf('articles').intro} />
      <ArticleList articles={articleList} headingLevel={2} page />
    </div>
  );
}
