/** Projects: heading, intro and every project. */
import { pageMeta, projects, site, ui } from '../data/index.js';
import { pagePaths } from '../routes.js';
import PageMeta, { pageTitle } from '../components/PageMeta.jsx';
import Logo from '../components/Logo.jsx';
import ProjectCard from '../components/ProjectCard.jsx';

export default function Projects() {
  const meta = pageMeta('projects');
  return (
    <div className="container">
      <PageMeta
        title={pageTitle(ui.nav.projects)}
        description={meta.description}
        keywords={meta.keywords}
        path={pagePaths.projects}
      />
      <div className="page-logo">
        <Logo />
      </div>
      <header className="page-header">
        <h1 className="page-title">{site.projectsPage.title}</h1>
        <p className="page-intro">{site.projectsPage.description}</p>
      </header>
      <div className="project-grid">
        {projects.map((project) => (
          <ProjectCard key={project.title} project={project} headingLevel={2} />
        ))}
      </div>
    </div>
  );
}
