/**
 * The top of every page but home and the articles: its metadata (`page`, a
 * key of the page table, or `meta`, PageMeta's props), the logo, and, when
 * the page's heading stands alone, the heading (`title`) and its
 * introduction (`intro`).
 */
import PageMeta from './PageMeta.jsx';
import Logo from './Logo.jsx';

export default function PageTop({ page = null, meta = {}, title = null, intro = null }) {
  return (
    <>
      <PageMeta page={page} {...meta} />
      <div className="page-logo">
        <Logo />
      </div>
      {title && (
        <header className="page-header">
          <h1 className="page-title">{title}</h1>
          {intro && <p className="page-intro">{intro}</p>}
        </header>
      )}
    </>
  );
}
