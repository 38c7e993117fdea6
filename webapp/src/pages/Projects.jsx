/** Projects: heading, intro and every project. */
import { site } from '../data/index.js';
import PageTop from '../components/PageTop.jsx';
import ProjectGrid from '../components/ProjectGrid.jsx';

export default function Projects() {
  return (
    <div className="container">
      <PageTop page="projects" title={site.projectsPage.title} intro={site.projectsPage.description} />
      <ProjectGrid headingLevel={2} />
    </div>
  );
}
