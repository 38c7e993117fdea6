/** The mark on a draft article (`draft: true`), which only the live preview shows: drafts are not built. */
import { ui } from '../data/index.js';
import './DraftMark.css';

export default function DraftMark() {
  return <p className="draft-mark">{ui.draft}</p>;
}
