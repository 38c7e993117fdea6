/** One project: logo, title, description and its link ('View Project'). The whole card is clickable. */
import { useId } from 'react';
import { constants } from '../data/index.js';
import Icon from './Icon.jsx';
import Picture from './Picture.jsx';

const size = constants.projectLogoSize;
import './ProjectCard.css';

export default function ProjectCard({ project, headingLevel = 3 }) {
  const titleId = useId();
  const Heading = `h${headingLevel}`;
  return (
    <article className="project-card">
      <Picture
        image={{ src: project.logo, alt: `${project.title} logo`, width: size, height: size }}
        className="project-card__logo"
      />
      <Heading className="project-card__title" id={titleId}>
        {project.title}
      </Heading>
      <p className="project-card__description">{project.description}</p>
      <a className="card-link project-card__link" href={project.link} aria-describedby={titleId}>
        <Icon name="link" className="project-card__link-icon" />
        {project.linkText}
      </a>
    </article>
  );
}
