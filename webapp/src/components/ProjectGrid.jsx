/** Every project of the data module as a card, in a grid (ProjectCard.css); `headingLevel` is each card's. */
import { projects } from '../data/index.js';
import ProjectCard from './ProjectCard.jsx';

export default function ProjectGrid({ headingLevel }) {
  return (
    <div className="project-grid">
      {projects.map((project) => (
        <ProjectCard key={project.title} project={project} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
