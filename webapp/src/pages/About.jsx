/** About: title, description, photo and follow links (repeated in a mobile-only block). */
import { pageMeta, site, ui } from '../data/index.js';
import { pagePaths } from '../routes.js';
import PageMeta, { pageTitle } from '../components/PageMeta.jsx';
import Logo from '../components/Logo.jsx';
import SocialLinks from '../components/SocialLinks.jsx';
import Picture from '../components/Picture.jsx';
import './About.css';

export default function About() {
  const meta = pageMeta('about');
  const { about } = site;
  return (
    <div className="container about">
      <PageMeta
        title={pageTitle(ui.nav.about)}
        description={meta.description}
        keywords={meta.keywords}
        path={pagePaths.about}
      />
      <div className="page-logo">
        <Logo />
      </div>
      <div className="about__grid">
        <div className="about__main">
          <h1 className="page-title">{about.title}</h1>
          <p className="page-intro">{about.description}</p>
        </div>
        <div className="about__side">
          {/* At the top on a desktop; on a phone at most 360 px wide (About.css). */}
          <Picture
            image={about.photo}
            className="about__photo"
            sizes="(max-width: 860px) min(calc(100vw - 40px), 360px), 406px"
            priority="eager"
          />
          <SocialLinks keys={about.socials} variant="list" className="about-socials" />
        </div>
      </div>
      <div className="about-socials-mobile" data-testid="mobile-socials">
        <SocialLinks keys={about.socials} variant="list" />
      </div>
    </div>
  );
}
