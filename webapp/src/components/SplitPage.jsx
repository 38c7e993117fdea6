/**
 * A page in two columns (About, Contact): the top of the page (PageTop), then
 * the heading (`title`) and `children` beside `side`, which a phone shows
 * below them, then `after`. The page's stylesheet lays out the columns as
 * `<key>__grid` and `<key>__main` (About.css: .about__grid).
 */
import PageTop from './PageTop.jsx';

export default function SplitPage({ page, title, side, after = null, children }) {
  return (
    <div className={`container ${page}`}>
      <PageTop page={page} />
      <div className={`${page}__grid`}>
        <div className={`${page}__main`}>
          <h1 className="page-title">{title}</h1>
          {children}
        </div>
        {side}
      </div>
      {after}
    </div>
  );
}
