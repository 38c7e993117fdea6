/** Home: shrinking logo, headline, intro, photo, social icons, projects, the newest article teasers, work. */
import { Link } from 'react-router-dom';
import { pageOf, pagePaths, ui } from '../data/index.js';
import PageMeta from '../components/PageMeta.jsx';
import ShrinkingLogo from '../components/ShrinkingLogo.jsx';
import SocialLinks from '../components/SocialLinks.jsx';
import ProjectGrid from '../components/ProjectGrid.jsx';
import LatestArticles from '../components/LatestArticles.jsx';
import WorkCard from '../components/WorkCard.jsx';
import Picture from '../components/Picture.jsx';
import './Home.css';

export default function Home() {
  const home = pageOf('home');
  return (
    <div className="container home">
      <PageMeta page="home" />
      <ShrinkingLogo />

      <section className="hero">
        <div className="hero__text">
          <h1 className="page-title">{home.heading}</h1>
          <p className="page-intro">{home.intro}</p>
          <SocialLinks keys={home.socials} variant="icons" />
        </div>
        <div className="hero__photo">
          {/* The page's largest picture: what Largest Contentful Paint waits for. */}
          <Picture image={home.photo} sizes="(max-width: 860px) 220px, 330px" priority="high" />
        </div>
      </section>

      <section className="home-section" aria-labelledby="home-projects-title">
        <h2 className="section-title" id="home-projects-title">
          {ui.home.projectsHeading}
        </h2>
        <ProjectGrid headingLevel={3} />
      </section>

      <div className="home-columns">
        <section className="home-section home-articles" aria-labelledby="home-articles-title">
          <h2 className="section-title" id="home-articles-title">
            {ui.home.articlesHeading}
          </h2>
          <LatestArticles />
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
