/**
 * A list of article summaries (ArticleListItem.css): the articles page's
 * (`page`) or the home page's column of the newest (`compact`). The list
 * pages show each article's tags with the `TagList` component they pass in,
 * so that the home page's script does not carry it.
 */
import ArticleListItem from './ArticleListItem.jsx';

export default function ArticleList({ articles, headingLevel, page = false, compact = false, TagList = null }) {
  return (
    <div className={page ? 'article-list article-list--page' : 'article-list'}>
      {articles.map((article) => (
        <ArticleListItem
          key={article.path}
          article={article}
          headingLevel={headingLevel}
          compact={compact}
          extra={TagList && <TagList tags={article.tags} />}
        />
      ))}
    </div>
  );
}
