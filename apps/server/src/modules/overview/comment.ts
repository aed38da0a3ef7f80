import type { commentInputSchema, commentUpdateSchema, OverviewComment } from '@brigade/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders, overviewComments, sites } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { recordAudit, updateAudited } from '../audit/index.ts';
import { overviewPolicy } from './policy.ts';
import { readComment } from './read.ts';

/** Every wall shows a bubble at once, whoever pinned it: the route publishes `overview` after the write. */
interface CommentDeps {
  db: Db;
}

type CommentInput = z.output<typeof commentInputSchema>;
type CommentUpdate = z.output<typeof commentUpdateSchema>;

/** POST /overview/comments: the site or order it is pinned to must exist. */
export async function createComment(
  deps: CommentDeps,
  actor: Actor,
  input: CommentInput,
): Promise<OverviewComment> {
  authorize(actor, overviewPolicy.comment);
  const id = await deps.db.transaction(async (tx) => {
    if (input.siteId) {
      const [site] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, input.siteId));
      if (!site) throw fieldError('siteId', 'not_found');
    }
    if (input.orderId) {
      const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.orderId));
      if (!order) throw fieldError('orderId', 'not_found');
    }
    const [row] = await tx
      .insert(overviewComments)
      .values({
        title: input.title.trim(),
        body: input.body,
        siteId: input.siteId ?? null,
        orderId: input.orderId ?? null,
        day: input.day ?? null,
        authorId: actor.userId,
      })
      .returning();
    if (!row) throw new Error('comment not inserted');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'overview_comment.create',
      entity: 'overview_comment',
      entityId: row.id,
      after: row,
    });
    return row.id;
  });
  return (await readComment(deps.db, id)) as OverviewComment;
}

export async function updateComment(
  deps: CommentDeps,
  actor: Actor,
  id: string,
  input: CommentUpdate,
): Promise<OverviewComment> {
  authorize(actor, overviewPolicy.comment);
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(overviewComments)
      .where(eq(overviewComments.id, id))
      .for('update');
    if (!before) throw notFound('Comment');
    const change = { actorId: actor.userId, entity: 'overview_comment', before };
    const values = { title: input.title.trim(), body: input.body, updatedAt: sql`now()` };
    await updateAudited(tx, overviewComments, change, values);
  });
  return (await readComment(deps.db, id)) as OverviewComment;
}

export async function deleteComment(deps: CommentDeps, actor: Actor, id: string): Promise<void> {
  authorize(actor, overviewPolicy.comment);
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.delete(overviewComments).where(eq(overviewComments.id, id)).returning();
    if (!before) throw notFound('Comment');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'overview_comment.delete',
      entity: 'overview_comment',
      entityId: id,
      before,
    });
  });
}
