/**
 * Article reading page for /article/:slug, an article's permalink. A number
 * N (the spec's 1-based index, as /articles lists them) leads to the N-th
 * article's permalink, as the server's redirect does; any other slug
 * renders the 404 screen. Which slugs there are comes from one JSON file
 * (articleSlugsPath), read unless the article is known to be there
 * (isKnownArticle), the article's content from its own, and its body from
 * its page (articleBody.js): no script holds any, so adding an article
 * changes none, and no other page carries its body.
 * The article's own `style` rules are rendered in a <style> element, every
 * selector prefixed with a per-article class, so they apply only to this
 * article and only while it is shown.
 */
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { documentTitle, ui } from '../data/index.js';
import { articleDataPath, articlePath, articleSlugsPath } from '../urls.js';
import { listIndexFromNumber } from '../articlesPages.js';
import { articlesUi } from '../data/articlesUi.js';
import { usePageData, useSettled } from '../pageData.js';
import { isKnownArticle, loadArticleBody } from '../articleBody.js';
import { scopeCss } from '../scopeCss.js';
import PageMeta from '../components/PageMeta.jsx';
import SeriesParts from '../components/SeriesParts.jsx';
import ArticleBody from '../components/ArticleBody.jsx';
import ArticleContents from '../components/ArticleContents.jsx';
import DraftMark from '../components/DraftMark.jsx';
import TagList from '../components/TagList.jsx';
import MoreArticles from '../components/MoreArticles.jsx';
import Comments from '../components/Comments.jsx';
import { comments } from '../data/policy.js';
import { inLanguage } from '../language.js';
import { lazyPage } from '../chunks.js';

// Shown only for an address the server answers with 404 itself, when followed
// inside the app: its chunk is fetched then, not with this page.
const NotFound = lazyPage('NotFound', () => import('../generated/pageChunks/NotFound.js'));
import './Article.css';

export default function Article() {
  const { slug } = useParams();
  return isKnownArticle(slug) ? <ArticleContent key={slug} slug={slug} /> : <ArticleBySlugs slug={slug} />;
}

function ArticleBySlugs({ slug }) {
  const { slugs: articleSlugs } = usePageData(articleSlugsPath);
  if (articleSlugs.includes(slug)) return <ArticleContent key={slug} slug={slug} />;
  const index = listIndexFromNumber(slug, articleSlugs.length);
  if (index !== null) return <Navigate replace to={articlePath(articleSlugs[index])} />;
  return <NotFound />;
}

function ArticleContent({ slug }) {
  const navigate = useNavigate();
  // Both fetched at once: the body from the article's page (articleBody.js), the rest from its JSON.
  const body = loadArticleBody(slug);
  const article = usePageData(articleDataPath(slug));
  const html = useSettled(body);
  const scope = `article-scope-${slug}`;
  const { backImage } = ui;
  const withContents = article.contents?.length > 0 ? ' has-contents' : '';
  return (
    <div className={`container article-page${withContents}`} data-section="articles">
      <PageMeta
        title={documentTitle({ title: article.title, path: article.path })}
        description={article.description}
        keywords={article.keywords}
        path={article.path}
        type="article"
        image={article.shareImage}
        versions={article.versions}
      />
      {/* Link previews' dates, hoisted into <head> by React like PageMeta's tags. */}
      <meta property="article:published_time" content={article.isoDate} />
      <meta property="article:modified_time" content={article.updated} />
      {article.style && <style data-article-style={slug}>{scopeCss(article.style, `.${scope}`)}</style>}
      <button type="button" className="back-button" onClick={() => navigate(-1)}>
        <img src={backImage.src} alt={ui.goBack} width={backImage.width} height={backImage.height} />
      </button>
      <article className={`article ${scope}${withContents}`}>
        <header className="article__header">
          <p className="article__meta">
            <time dateTime={article.isoDate}>{article.date}</time>
            {article.updatedDate && <Updated iso={article.updated} date={article.updatedDate} />}
            <span aria-hidden="true"> · </span>
            <span className="visually-hidden">, </span>
            {ui.readingTime.replace('{minutes}', article.readingMinutes)}
          </p>
          {article.draft && <DraftMark />}
          <h1 className="article__title">{article.title}</h1>
          <TagList tags={article.tags} />
        </header>
        {article.series && <SeriesParts series={article.series} path={article.path} />}
        {withContents && <ArticleContents items={article.contents} />}
        <ArticleBody html={html} path={article.path} />
      </article>
      {comments && <Comments config={comments} path={inLanguage(article.path)} title={article.title} />}
      <MoreArticles previous={article.previous} next={article.next} related={article.related} />
    </div>
  );
}

/** 'Updated 1 November 2026' (articlesUi.updated), the day in a <time>. */
function Updated({ iso, date }) {
  const [before, after] = articlesUi.updated.split('{date}');
  return (
    <>
      <span aria-hidden="true"> · </span>
      <span className="visually-hidden">, </span>
      {before}
      <time dateTime={iso}>{date}</time>
      {after}
    </>
  );
}
