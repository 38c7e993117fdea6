/**
 * A count in words by English plural rules: `forms` is { one, other }, each
 * with `{count}` filled in (ui.articleCount: 1 → '1 article', 3 → '3 articles').
 */
const rules = new Intl.PluralRules('en');

export function plural(forms, count) {
  return (forms[rules.select(count)] ?? forms.other).replace('{count}', String(count));
}
