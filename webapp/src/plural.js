/**
 * A count in words by the plural rules of the site's language: `forms` has
 * a form for each of the language's plural categories that it needs (one,
 * two, few, many, other, as Intl.PluralRules names them; 'other' is the
 * fallback), each with `{count}` filled in as the language writes numbers (ui.articleCount: 1 → '1 article',
 * 3 → '3 articles').
 */
import { siteLanguage } from './language.js';

const rules = new Intl.PluralRules(siteLanguage);
const numbers = new Intl.NumberFormat(siteLanguage);

export function plural(forms, count) {
  return (forms[rules.select(count)] ?? forms.other).replace('{count}', numbers.format(count));
}
