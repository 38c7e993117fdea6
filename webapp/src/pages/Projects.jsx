/** Projects: heading, intro and every project. */
import { pageOf } from '../data/index.js';
import PageTop from '../components/PageTop.jsx';
import ProjectGrid from '../components/ProjectGrid.jsx';

export default function Projects() {
  return (
    <div className="container">
      <PageTop page="projects" title={pageOf('projects').heading} intro={pageOf('projects').intro} />
      <ProjectGrid headingLevel={2} />
    </div>
  );
}
