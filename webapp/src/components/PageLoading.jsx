/** Shown while a page's script chunk loads. */
import { ui } from '../data/index.js';

export default function PageLoading() {
  return (
    <p className="page-loading" role="status">
      {ui.loading}
    </p>
  );
}
