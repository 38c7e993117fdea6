/**
 * The times of the work history and the CV (work.js, cv.js), written in
 * the site's language: 'May 2024 – Present', '2024年5月 – 現在'.
 */
import { ui } from './data/index.js';
import { siteLanguage } from './language.js';

let monthFormat;

/** 'YYYY-MM' (or 'YYYY-MM-DD', 'YYYY') in the site's language: 'May 2024', '2024年5月', '2020'. */
export function monthOf(date) {
  const [year, month] = String(date).split('-').map(Number);
  if (!month) return String(year);
  monthFormat ??= new Intl.DateTimeFormat(siteLanguage, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  return monthFormat.format(Date.UTC(year, month - 1, 1));
}

/** From `startDate` to `endDate`: 'June 2023 – April 2024'; without an end, 'May 2024 – Present'. */
export function period({ startDate, endDate }) {
  return `${monthOf(startDate)} – ${endDate ? monthOf(endDate) : ui.present}`;
}
