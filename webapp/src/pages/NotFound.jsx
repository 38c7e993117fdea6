/**
 * The 404 screen: "Oops!", the message, the requested URL and a link home.
 * The URL's origin is the browser's, read from an external store whose
 * server snapshot is empty: a 404 page rendered ahead of time hydrates
 * without the URL, whatever was requested, and then shows it.
 */
import { useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { documentTitle, pageOf, pagePaths, ui } from '../data/index.js';
import { inLanguage } from '../language.js';
import PageMeta from '../components/PageMeta.jsx';
import Template from '../components/Template.jsx';
import './NotFound.css';

const neverChanges = () => () => {};
const browserOrigin = () => window.location.origin;
const noOrigin = () => '';

export default function NotFound() {
  const { pathname, search, hash } = useLocation();
  const origin = useSyncExternalStore(neverChanges, browserOrigin, noOrigin);
  // The router's path is within this language's part of the site: the visitor asked for it with the prefix.
  const url = origin && `${origin}${inLanguage(pathname)}${search}${hash}`;

  const page = pageOf('notFound');
  const text = ui.notFound;
  return (
    <div className="container not-found">
      <PageMeta title={documentTitle(page)} description={page.description} keywords={page.keywords} noIndex />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">{page.heading}</h1>
      <p className="not-found__message">{page.intro}</p>
      <p className="not-found__url">
        <Template text={text.requestedUrl} values={{ url: <code data-testid="not-found-url">{url}</code> }} />
      </p>
      <Link className="button" to={pagePaths.home}>
        {text.homeLink}
      </Link>
    </div>
  );
}
