/** The work history card on the home page. */
import { ui, work } from '../data/index.js';
import { period } from '../period.js';
import Icon from './Icon.jsx';
import './WorkCard.css';

export default function WorkCard() {
  return (
    <section className="work-card" aria-labelledby="work-card-title">
      <h2 className="work-card__title" id="work-card-title">
        <Icon name="briefcase" className="work-card__icon" />
        {ui.home.workHeading}
      </h2>
      <ol className="work-card__list">
        {work.map((entry) => (
          <li className="work-card__entry" key={`${entry.employer}-${entry.startDate}`}>
            <span className="work-card__badge" aria-hidden="true">
              {entry.employer.charAt(0)}
            </span>
            <div className="work-card__text">
              <p className="work-card__employer">{entry.employer}</p>
              <p className="work-card__role">{entry.role}</p>
            </div>
            <p className="work-card__duration">{period(entry)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
