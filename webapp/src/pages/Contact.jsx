/** Contact: heading, the e-mail invitation with the reply promise, the photo-site link and the social list. */
import { constants, pageMeta, site, ui } from '../data/index.js';
import { pagePaths } from '../routes.js';
import PageMeta, { pageTitle } from '../components/PageMeta.jsx';
import Logo from '../components/Logo.jsx';
import EmailLink from '../components/EmailLink.jsx';
import SocialLinks from '../components/SocialLinks.jsx';
import Template from '../components/Template.jsx';
import './Contact.css';

export default function Contact() {
  const meta = pageMeta('contact');
  const { contact } = site;
  const values = {
    email: <EmailLink />,
    hours: constants.replyWithinHours,
    instagram: <a href={site.socials.instagram}>{contact.instagramLabel}</a>,
  };
  return (
    <div className="container contact">
      <PageMeta
        title={pageTitle(ui.nav.contact)}
        description={meta.description}
        keywords={meta.keywords}
        path={pagePaths.contact}
      />
      <div className="page-logo">
        <Logo />
      </div>
      <div className="contact__grid">
        <div className="contact__main">
          <h1 className="page-title">{contact.title}</h1>
          <div className="contact__text">
            {contact.paragraphs.map((text) => (
              <p key={text}>
                <Template text={text} values={values} />
              </p>
            ))}
          </div>
        </div>
        <aside className="contact__side">
          <SocialLinks keys={contact.socials} variant="list" />
        </aside>
      </div>
    </div>
  );
}
