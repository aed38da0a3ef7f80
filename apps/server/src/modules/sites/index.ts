// Job sites: created under a client, read by their supervisors.
export { sitesPolicy } from './policy.ts';
export { default as sitesRoutes } from './routes.ts';
export {
  createSite,
  readSites,
  refreshSiteSearchText,
  siteSearchText,
  siteStatusIs,
  siteStatusSql,
} from './service.ts';
export { supervises } from './supervised.ts';
