/**
 * Article reading page for /article/:slug (1-based). An out-of-range or
 * malformed slug renders the 404 screen. The article's own `style` rules are
 * rendered in a <style> element, every selector prefixed with a per-article
 * class, so they apply only to this article and only while it is shown.
 */
import { useNavigate, useParams } from 'react-router-dom';
import { articles, ui } from '../data/index.js';
import { articleIndexFromSlug, articlePath } from '../routes.js';
import { scopeCss } from '../scopeCss.js';
import PageMeta, { pageTitle } from '../components/PageMeta.jsx';
import ArticleBody from '../components/ArticleBody.jsx';
import NotFound from './NotFound.jsx';
import './Article.css';

export default function Article() {
  const { slug } = useParams();
  const navigate = useNavigate();
  const index = articleIndexFromSlug(slug);
  if (index === null) return <NotFound />;

  const article = articles[index];
  const scope = `article-scope-${index + 1}`;
  const { backImage } = ui;
  return (
    <div className="container article-page">
      <PageMeta
        title={pageTitle(article.title)}
        description={article.description}
        keywords={article.keywords}
        path={articlePath(index)}
        type="article"
      />
      {article.style && <style data-article-style={index + 1}>{scopeCss(article.style, `.${scope}`)}</style>}
      <button type="button" className="back-button" onClick={() => navigate(-1)}>
        <img src={backImage.src} alt={ui.goBack} width={backImage.width} height={backImage.height} />
      </button>
      <article className={`article ${scope}`}>
        <header className="article__header">
          <p className="article__date">{article.date}</p>
          <h1 className="article__title">{article.title}</h1>
        </header>
        <ArticleBody blocks={article.body} />
      </article>
    </div>
  );
}
