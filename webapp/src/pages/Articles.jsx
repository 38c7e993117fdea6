/** Articles: heading, subheading, a link to the tags and the list of articles. */
import { Link } from 'react-router-dom';
import { pageOf, pagePaths, ui } from '../data/index.js';
// Every article's summary, newest first: in this page's chunk only.
import { articleList } from '../generated/articleList.js';
import PageTop from '../components/PageTop.jsx';
import ArticleList from '../components/ArticleList.jsx';
import TagList from '../components/TagList.jsx';
import './Articles.css';

export default function Articles() {
  return (
    <div className="container">
      <PageTop page="articles" title={pageOf('articles').heading} intro={pageOf('articles').intro} />
      {pagePaths.tags && articleList.some((article) => article.tags.length > 0) && (
        <p className="articles-page__tags">
          <Link to={pagePaths.tags}>{ui.allTags}</Link>
        </p>
      )}
      <ArticleList articles={articleList} headingLevel={2} page TagList={TagList} />
    </div>
  );
}
