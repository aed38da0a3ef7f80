// The audit module's public face: other modules record their changes here.
export { deleteOrArchiveAudited } from './delete-or-archive.ts';
export { default as auditRoutes } from './routes.ts';
export { deleteAudited, updateAudited } from './row-changes.ts';
export { type AuditEntry, auditedInsert, editAction, recordAudit } from './service.ts';
