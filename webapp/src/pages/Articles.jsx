/** Articles: heading, subheading, a link to the tags, the search and the list of articles. */
import { Link } from 'react-router-dom';
import { pageOf, pagePaths } from '../data/index.js';
import { articlesUi } from '../data/articlesUi.js';
// Every article's summary, newest first: in this page's chunk only.
import { articleList } from '../generated/articleList.js';
import PageTop from '../components/PageTop.jsx';
import ArticleList from '../components/ArticleList.jsx';
import TagList from '../components/TagList.jsx';
import ArticleSearch from '../components/ArticleSearch.jsx';
import './Articles.css';

export default function Articles() {
  return (
    <div className="container">
      <PageTop page="articles" title={pageOf('articles').heading} intro={pageOf('articles').intro} />
      {pagePaths.tags && articleList.some((article) => article.tags.length > 0) && (
        <p className="articles-page__tags">
          <Link to={pagePaths.tags}>{articlesUi.allTags}</Link>
        </p>
      )}
      <ArticleSearch articles={articleList} TagList={TagList}>
        <ArticleList articles={articleList} headingLevel={2} page TagList={TagList} />
      </ArticleSearch>
    </div>
  );
}
