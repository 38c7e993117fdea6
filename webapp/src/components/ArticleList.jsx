/**
 * A list of article summaries (ArticleListItem.css): the articles page's
 * (`page`) or the home page's column of the newest (`compact`).
 */
import ArticleListItem from './ArticleListItem.jsx';

export default function ArticleList({ articles, headingLevel, page = false, compact = false }) {
  return (
    <div className={page ? 'article-list article-list--page' : 'article-list'}>
      {articles.map((article) => (
        <ArticleListItem key={article.slug} article={article} headingLevel={headingLevel} compact={compact} />
      ))}
    </div>
  );
}
