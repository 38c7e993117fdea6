/**
 * An article's body: HTML rendered from its Markdown at build time
 * (webapp/build/articles.mjs), already checked there to hold no script.
 * Links to the site's own pages in this language move within the app, as
 * the nav's do;
 * other links (new tab, another site, a #section) are left to the browser.
 * Each code block gets a copy button once the script runs (useCopyButtons).
 * It names its article's page (`path`), where the browser reads the body
 * (articleBody.js).
 */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCopyButtons } from '../hooks/useCopyButtons.js';
import { routerPath } from '../languageParts.js';
import './ArticleBody.css';

function isPlainClick(event) {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

export default function ArticleBody({ html, path }) {
  const navigate = useNavigate();
  const body = useRef(null);
  const [said, say] = useState('');
  useCopyButtons(body, html, say);
  const followInApp = (event) => {
    const link = event.target.closest?.('a[href^="/"]');
    if (!link || link.target || link.getAttribute('href').startsWith('//') || !isPlainClick(event)) return;
    // A page of another language is another build of the app: the browser loads it.
    const path = routerPath(link.getAttribute('href'));
    if (path === null) return;
    event.preventDefault();
    navigate(path);
  };
  return (
    <>
      {/* The click handler only catches clicks on the links inside, which are
          keyboard-reachable themselves (Enter on a link is a click too). */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        ref={body}
        className="article-body"
        data-article-path={path}
        onClick={followInApp}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <div className="visually-hidden" role="status">
        {said}
      </div>
    </>
  );
}
