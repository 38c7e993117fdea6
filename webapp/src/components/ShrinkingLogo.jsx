/**
 * The home page logo (spec §4): shrinks with the scroll offset and turns
 * into a fixed round badge at 40 px or below. The state is exposed on the
 * element as data-logo-size, data-logo-state ('inline' | 'badge') and data-badge ('true' | 'false').
 */
import { useShrinkingLogo } from '../hooks/useShrinkingLogo.js';
import { constants } from '../data/index.js';
import Logo from './Logo.jsx';

export default function ShrinkingLogo() {
  const { size, badge } = useShrinkingLogo();
  return (
    <div className="home-logo-slot" style={{ height: constants.logoInitialSize }}>
      <div
        className={badge ? 'home-logo home-logo--badge' : 'home-logo'}
        data-testid="home-logo"
        data-logo-size={size}
        data-logo-state={badge ? 'badge' : 'inline'}
        data-badge={badge ? 'true' : 'false'}
      >
        <Logo size={size} link={false} />
      </div>
    </div>
  );
}
