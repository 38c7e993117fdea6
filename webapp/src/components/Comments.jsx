/**
 * The comments under an article, when data/policy.js turns them on
 * (giscus: GitHub Discussions). Nothing is asked of another site until a
 * reader presses the button: then giscus's frame is made (by @giscus/react,
 * a chunk of this site, loaded then) and shows the article's discussion in
 * the theme shown, following a switch, in the page's language. Without
 * JavaScript, a link to the discussions on GitHub.
 */
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { articlesUi } from '../data/articlesUi.js';
import { currentTheme, subscribeTheme } from '../theme.js';
import ChunkErrorBoundary from './ChunkErrorBoundary.jsx';
import './Comments.css';

const Giscus = lazy(() => import('@giscus/react'));

const subscribeToNothing = () => () => {};

/** giscus's name for a language tag: its language ('pt-BR' → 'pt'), Chinese by its region or script. */
export function giscusLanguage(tag) {
  const [language, second = ''] = tag.toLowerCase().split('-');
  if (language !== 'zh') return language;
  if (second === 'hk') return 'zh-HK';
  return second === 'tw' || second === 'hant' ? 'zh-TW' : 'zh-CN';
}

/** `config` is policy.js's `comments`; `path` and `title` are the article's, which GitHub's search finds its discussion by. */
export default function Comments({ config, path, title }) {
  const [language, setLanguage] = useState(null);
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => 'light');
  // Disabled in the prerendered page, where nothing would answer a press.
  const scripted = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const { heading, show, elsewhere } = articlesUi.comments;
  const mapping = config.mapping ?? 'pathname';
  // giscus names a discussion by the page's path without its first slash, or by its title.
  const term = mapping === 'pathname' || mapping === 'url' ? path.slice(1) : title;
  const discussions = `https://github.com/${config.repo}/discussions?discussions_q=${encodeURIComponent(term)}`;
  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="comments__heading">
        {heading}
      </h2>
      {language ? (
        <ChunkErrorBoundary resetKey={path}>
          <Suspense fallback={null}>
            <Giscus
              repo={config.repo}
              repoId={config.repoId}
              category={config.category}
              categoryId={config.categoryId}
              mapping={mapping}
              strict="1"
              reactionsEnabled="1"
              emitMetadata="0"
              inputPosition="top"
              theme={theme}
              lang={giscusLanguage(language)}
            />
          </Suspense>
        </ChunkErrorBoundary>
      ) : (
        <button
          type="button"
          className="button"
          disabled={!scripted}
          onClick={() => setLanguage(document.documentElement.lang || 'en')}
        >
          {show}
        </button>
      )}
      <noscript>
        <a href={discussions}>{elsewhere}</a>
      </noscript>
    </section>
  );
}
