/** About: title, description, the links to the CV, photo and follow links (repeated in a mobile-only block). */
import { Link } from 'react-router-dom';
import { pageOf } from '../data/index.js';
import { cvPage, cvPdfPath } from '../cvData.js';
import { inLanguage } from '../language.js';
import SplitPage from '../components/SplitPage.jsx';
import SocialLinks from '../components/SocialLinks.jsx';
import Picture from '../components/Picture.jsx';
import './About.css';

export default function About() {
  const about = pageOf('about');
  const side = (
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
  );
  const mobileSocials = (
    <div className="about-socials-mobile" data-testid="mobile-socials">
      <SocialLinks keys={about.socials} variant="list" />
    </div>
  );
  return (
    <SplitPage page="about" title={about.heading} side={side} after={mobileSocials}>
      <p className="page-intro">{about.intro}</p>
      {cvPage && about.cvLink && (
        <p className="about__cv">
          <Link to={cvPage.path}>{about.cvLink}</Link>
          {about.cvPdfLink && <a href={inLanguage(cvPdfPath)}>{about.cvPdfLink}</a>}
        </p>
      )}
    </SplitPage>
  );
}
