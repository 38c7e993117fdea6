/** Contact: heading, the e-mail invitation with the reply promise, links to social networks and the social list. */
import { constants, pageOf, site } from '../data/index.js';
import SplitPage from '../components/SplitPage.jsx';
import EmailLink from '../components/EmailLink.jsx';
import SocialLinks from '../components/SocialLinks.jsx';
import Template from '../components/Template.jsx';
import './Contact.css';

export default function Contact() {
  const contact = pageOf('contact');
  const values = { email: <EmailLink />, hours: constants.replyWithinHours };
  for (const [network, label] of Object.entries(contact.networkLabels ?? {})) {
    values[network] = <a href={site.socials[network]}>{label}</a>;
  }
  const side = (
    <aside className="contact__side">
      <SocialLinks keys={contact.socials} variant="list" />
    </aside>
  );
  return (
    <SplitPage page="contact" title={contact.heading} side={side}>
      <div className="contact__text">
        {contact.paragraphs.map((text) => (
          <p key={text}>
            <Template text={text} values={values} />
          </p>
        ))}
      </div>
    </SplitPage>
  );
}
