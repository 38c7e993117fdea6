/** Articles: heading, subheading and the list of articles. */
import { pageMeta, site, ui } from '../data/index.js';
// Every article's summary, newest first: in this page's chunk only.
import { articleList } from '../generated/articleList.js';
import { pagePaths } from '../routes.js';
import PageMeta, { pageTitle } from '../components/PageMeta.jsx';
import Logo from '../components/Logo.jsx';
import ArticleListItem from '../components/ArticleListItem.jsx';

export default function Articles() {
  const meta = pageMeta('articles');
  return (
    <div className="container">
      <PageMeta
        title={pageTitle(ui.nav.articles)}
        description={meta.description}
        keywords={meta.keywords}
        path={pagePaths.articles}
      />
      <div className="page-logo">
        <Logo />
      </div>
      <header className="page-header">
        <h1 className="page-title">{site.articles.title}</h1>
        <p className="page-intro">{site.articles.description}</p>
      </header>
      <div className="article-list article-list--page">
        {articleList.map((article) => (
          <ArticleListItem key={article.number} article={article} headingLevel={2} />
        ))}
      </div>
    </div>
  );
}
