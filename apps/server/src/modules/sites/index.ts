// Job sites: created under a client, read by their supervisors.

export { createSite } from './create.ts';
export { sitesPolicy } from './policy.ts';
export { readSites } from './read.ts';
export { default as sitesRoutes } from './routes.ts';
export { refreshSiteSearchText, siteSearchText } from './search-text.ts';
export { siteStatusIs, siteStatusSql } from './status.ts';
export { supervises } from './supervised.ts';
