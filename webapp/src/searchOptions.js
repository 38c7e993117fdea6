/**
 * How the articles are searched: MiniSearch's options, the same for the
 * index the build writes (webapp/build/search.mjs) and the one the browser
 * loads (articleSearch.js). A document is an article's summary (what a
 * list entry shows: its permalink is the id) and its body text; the index
 * keeps the summary's fields, so a result is shown as it comes.
 */
export const searchOptions = {
  idField: 'path',
  fields: ['title', 'description', 'tags', 'body'],
  storeFields: ['title', 'description', 'tags', 'date', 'isoDate', 'readingMinutes', 'draft'],
  // The tags are a list: MiniSearch indexes its words as it does a text's, and keeps it as a list.
  searchOptions: {
    // Every word must match; a word matches its beginning ('acc' finds
    // 'accessible') and, from five letters, a word one typo away.
    combineWith: 'AND',
    prefix: true,
    fuzzy: (term) => (term.length >= 5 ? 1 : 0),
    boost: { title: 4, tags: 3, description: 2 },
  },
};
