// Orders and their assignations: the routes, and what answers a worker's SMS reply.
export { assignationReplies } from './answer.ts';
export { orderPlaceAndTimes, skillsOf } from './read.ts';
export { default as ordersRoutes } from './routes.ts';
export { worksOn } from './works-on.ts';

import { askText } from './assignation-text.ts';
import { findOrder } from './read.ts';

/** What the demo seed writes its assignations' texts with, so they read like the real ones. */
export const demoAssignationTools = { askText, findOrder };
