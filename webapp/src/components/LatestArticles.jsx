/**
 * The home page's newest article teasers. They are read from a JSON file of
 * their own (latestArticlesPath), not from the main script, so that editing
 * an article leaves the main script, which every page loads, as it was. In
 * a boundary of its own: the rest of the home page never waits for them.
 */
import { Suspense } from 'react';
import ArticleList from './ArticleList.jsx';
import { usePageData } from '../pageData.js';
import { latestArticlesPath } from '../urls.js';

function Teasers() {
  const { articles } = usePageData(latestArticlesPath);
  return <ArticleList articles={articles} headingLevel={3} compact />;
}

export default function LatestArticles() {
  return (
    <Suspense fallback={null}>
      <Teasers />
    </Suspense>
  );
}
