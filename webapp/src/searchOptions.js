/**
 * How the articles are searched: MiniSearch's options, the same for the
 * index the build writes (webapp/build/search.mjs) and the one the browser
 * loads (articleSearch.js). A document is an article's permalink (its id),
 * title, description, tags and body text; a result is its permalink, which
 * the page looks up in the list it already has.
 */
export const searchOptions = {
  idField: 'path',
  fields: ['title', 'description', 'tags', 'body'],
  storeFields: [],
  extractField: (document, field) => (field === 'tags' ? document.tags.join(' ') : document[field]),
  searchOptions: {
    // Every word must match; a word matches its beginning ('acc' finds
    // 'accessible') and, from five letters, a word one typo away.
    combineWith: 'AND',
    prefix: true,
    fuzzy: (term) => (term.length >= 5 ? 1 : 0),
    boost: { title: 4, tags: 3, description: 2 },
  },
};
