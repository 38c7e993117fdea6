/**
 * The articles page's search: a search field that finds articles by the
 * words of their title, description, tags and body. The index comes on the
 * visitor's first search (articleSearch.js), so no page's first visit
 * carries it, and each query then loads only the parts of the index its
 * words need; it searches all the articles, whichever page of the list is
 * shown. Once a query is answered, the matching articles, best first, with
 * the query's words marked, take the place of `children` (the list, hidden
 * meanwhile), a few at a time (a button shows more); a status line tells
 * screen readers how many match. The query is in the URL (?q=) once the
 * visitor leaves the field, so a search can be linked and survives Back;
 * ↓ and ↑ move between the field and the results, Escape clears the field.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { articlesUi } from '../data/articlesUi.js';
import { loadSearch, searchArticles } from '../articleSearch.js';
import { plural } from '../plural.js';
import ArticleList from './ArticleList.jsx';
import './ArticleSearch.css';

/** How long typing may pause before the query is searched, in ms. */
const pause = 150;

/** `text` with each of `marks` ([start, end], where the search found the query's words) in a <mark>. */
function marked(text, marks = []) {
  let at = 0;
  const pieces = marks.flatMap(([start, end]) => {
    const before = text.slice(at, start);
    at = end;
    return [before, <mark key={start}>{text.slice(start, end)}</mark>];
  });
  return [...pieces, text.slice(at)];
}

/** A result's summary with the query's words marked in its title and description (searchFinder.js found them). */
const withMarks = (article) => ({
  ...article,
  title: marked(article.title, article.marks?.title),
  description: marked(article.description, article.marks?.description),
});

export default function ArticleSearch({ TagList, children }) {
  // The router's own hook, which the main script has already (useSearchParams would add to it).
  const { search, key } = useLocation();
  const addressQuery = new URLSearchParams(search).get('q') ?? '';
  // The query searched: the field's text once typing pauses for `pause` ms.
  // The field keeps its own text, so that a key renders nothing (a render
  // at each key cost a slowed phone 5-20 ms). The address (?q=) follows
  // the field past the router (a navigation renders the whole app again),
  // and only once the visitor is done with it: on leaving the field (for a
  // result, the browser's address bar, another tab), on Enter, or on
  // leaving the page. Each change of the address costs a phone's browser
  // 10-20 ms (the history entry, the tab's icon drawn again).
  const [query, setQuery] = useState(addressQuery);
  // How many pages of results are shown: a press of the button adds one.
  const [pages, setPages] = useState(1);
  const fieldRef = useRef(null);
  const typing = useRef(null);
  const searchNow = (text) => {
    clearTimeout(typing.current);
    setPages(1);
    setQuery(text);
  };
  // What the field last put in the address, which the router does not see.
  const sent = useRef(addressQuery);
  // The address of the page the query was typed on: the only one the field writes to.
  const typedOn = useRef(null);
  useEffect(() => {
    // The router went to an address (back, forward, a link): the field follows it.
    if (addressQuery !== sent.current) {
      sent.current = addressQuery;
      fieldRef.current.value = addressQuery;
      searchNow(addressQuery);
    }
  }, [addressQuery, key]);
  // One function for the page's life (it reads only refs), so that its pagehide listener is added once.
  const sendAddress = useCallback(() => {
    const { pathname } = window.location;
    const query = fieldRef.current?.value ?? '';
    if (query === sent.current || pathname !== typedOn.current) return;
    sent.current = query;
    // The same history entry and its state, which the router reads again on Back and Forward.
    window.history.replaceState(
      window.history.state,
      '',
      query ? `${pathname}?${new URLSearchParams({ q: query })}` : pathname,
    );
  }, []);
  useEffect(() => {
    window.addEventListener('pagehide', sendAddress);
    return () => window.removeEventListener('pagehide', sendAddress);
  }, [sendAddress]);
  const [found, setFound] = useState({ query: '', total: 0, articles: [], failed: false });
  const id = useId();
  const resultsRef = useRef(null);
  // After "show more": the first of the results it added, which gets the focus once shown.
  const firstNew = useRef(null);

  useEffect(() => {
    if (!query.trim()) return undefined;
    let current = true;
    const answer = (found) => current && setFound({ query, ...found });
    searchArticles(query, pages).then(
      (found) => answer({ ...found, failed: false }),
      () => answer({ total: 0, articles: [], failed: true }),
    );
    return () => {
      current = false;
    };
  }, [query, pages]);

  const searching = query.trim() !== '';
  // While the next answer is on its way, the last one stays on screen; before
  // the first, the list does, so that a key costs no more than its letter.
  const answered = searching && found.query !== '';
  const results = answered ? found.articles.map(withMarks) : [];
  let status = '';
  if (answered && found.failed) status = articlesUi.search.failed;
  else if (answered) status = plural(articlesUi.search.matches, found.total).replace('{query}', found.query.trim());

  const links = () => [...(resultsRef.current?.querySelectorAll('.card-link') ?? [])];
  useEffect(() => {
    const link = links()[firstNew.current];
    if (link) {
      firstNew.current = null;
      link.focus();
    }
  });

  const onFieldKey = (event) => {
    if (event.key === 'ArrowDown' && links().length > 0) {
      event.preventDefault();
      links()[0].focus();
    } else if (event.key === 'Escape') {
      event.currentTarget.value = '';
      searchNow('');
    }
  };
  const onResultsKey = (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const all = links();
    const at = all.indexOf(document.activeElement);
    if (at === -1) return;
    event.preventDefault();
    const next = at + (event.key === 'ArrowDown' ? 1 : -1);
    if (next < 0) document.getElementById(id).focus();
    else all[Math.min(next, all.length - 1)].focus();
  };

  return (
    <>
      <form
        role="search"
        className="article-search"
        onSubmit={(event) => {
          event.preventDefault();
          sendAddress();
        }}
      >
        <label className="visually-hidden" htmlFor={id}>
          {articlesUi.search.label}
        </label>
        <input
          id={id}
          className="article-search__field"
          type="search"
          name="q"
          ref={fieldRef}
          defaultValue={addressQuery}
          placeholder={articlesUi.search.placeholder}
          autoComplete="off"
          // A query is a few words, not prose to underline; and the browser's spelling check runs on the main thread.
          spellCheck={false}
          onFocus={() => loadSearch().catch(() => {})}
          onBlur={sendAddress}
          onChange={(event) => {
            typedOn.current = window.location.pathname;
            const { value } = event.target;
            // A key that the next one follows within `pause` searches nothing.
            clearTimeout(typing.current);
            typing.current = setTimeout(() => searchNow(value), pause);
          }}
          onKeyDown={onFieldKey}
        />
      </form>
      <p className="article-search__status" role="status">
        {status}
      </p>
      {answered && (
        // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- arrow keys move between the links inside
        <div className="article-search__results" ref={resultsRef} onKeyDown={onResultsKey}>
          {results.length > 0 && <ArticleList articles={results} headingLevel={2} page TagList={TagList} />}
          {results.length < found.total && !found.failed && (
            <button
              type="button"
              className="button article-search__more"
              onClick={() => {
                firstNew.current = results.length;
                setPages(pages + 1);
              }}
            >
              {articlesUi.search.more}
            </button>
          )}
        </div>
      )}
      {/* Hidden, not removed, while results show: taking the list's elements
          apart was a third of React's work in a first search on a slowed
          phone, and clearing the field built them all again. */}
      <div hidden={answered}>{children}</div>
    </>
  );
}
