/**
 * A section of the CV: its heading and a list of `items`, each drawn by
 * `children(item)`; nothing at all when there are none. `compact` lists
 * one line each (skills, languages).
 */
export default function CVSection({ id, heading, items, compact = false, children }) {
  if (!items?.length) return null;
  return (
    <section className="cv__section" aria-labelledby={`cv-${id}`}>
      <h2 className="cv__heading" id={`cv-${id}`}>
        {heading}
      </h2>
      <ul className={compact ? 'cv__list cv__list--compact' : 'cv__list'}>
        {items.map((item, index) => (
          <li className="cv__item" key={index}>
            {children(item)}
          </li>
        ))}
      </ul>
    </section>
  );
}
