// The content domain's public face: articles and acknowledgements read from the content folder.
export { searchArticles, toArticleSummary, toThanksItem } from './articles.ts';
export { loadContentStore } from './store.ts';
