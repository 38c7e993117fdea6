/** Home: shrinking logo, headline, intro, photo, social icons, projects, the newest article teasers, work. */
import { Link } from 'react-router-dom';
import { latestArticles, pageMeta, projects, site, ui } from '../data/index.js';
import { pagePaths } from '../routes.js';
import PageMeta from '../components/PageMeta.jsx';
import ShrinkingLogo from '../components/ShrinkingLogo.jsx';
import SocialLinks from '../components/SocialLinks.jsx';
import ProjectCard from '../components/ProjectCard.jsx';
import ArticleListItem from '../components/ArticleListItem.jsx';
import WorkCard from '../components/WorkCard.jsx';
import Picture from '../components/Picture.jsx';
import './Home.css';

export default function Home() {
  const meta = pageMeta('home');
  const { homepage } = site;
  return (
    <div className="container home">
      <PageMeta title={site.main.title} description={meta.description} keywords={meta.keywords} path={pagePaths.home} />
      <ShrinkingLogo />

      <section className="hero">
        <div className="hero__text">
          <h1 className="page-title">{homepage.title}</h1>
          <p className="page-intro">{homepage.description}</p>
          <SocialLinks keys={homepage.socials} variant="icons" />
        </div>
        <div className="hero__photo">
          {/* The page's largest picture: what Largest Contentful Paint waits for. */}
          <Picture image={homepage.photo} sizes="(max-width: 860px) 220px, 330px" priority="high" />
        </div>
      </section>

      <section className="home-section" aria-labelledby="home-projects-title">
        <h2 className="section-title" id="home-projects-title">
          {ui.home.projectsHeading}
        </h2>
        <div className="project-grid">
          {projects.map((project) => (
            <ProjectCard key={project.title} project={project} headingLevel={3} />
          ))}
        </div>
      </section>

      <div className="home-columns">
        <section className="home-section home-articles" aria-labelledby="home-articles-title">
          <h2 className="section-title" id="home-articles-title">
            {ui.home.articlesHeading}
          </h2>
          <div className="article-list">
            {latestArticles.map((article) => (
              <ArticleListItem key={article.number} article={article} headingLevel={3} compact />
            ))}
          </div>
          <Link className="text-link" to={pagePaths.articles}>
            {ui.home.allArticles}
          </Link>
        </section>
        <div className="home-section home-work">
          <WorkCard />
        </div>
      </div>
    </div>
  );
}
