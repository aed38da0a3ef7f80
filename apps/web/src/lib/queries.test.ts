import { describe, expect, it } from 'vitest';
import { createOrUpdate, write } from './queries.ts';
import { changedBy } from './queryKeys.ts';

const createOrder = write('POST /orders', (body: never) => ({ body }));
const updateOrder = (id: string) => write('PUT /orders/:id', (body: never) => ({ params: { id }, body }));

describe('a create/edit form’s save', () => {
  it('refreshes what its own call changes: an order’s edit also its assignations and texts', () => {
    const edit = createOrUpdate(createOrder, updateOrder, 'order-1');
    expect(edit.changes).toEqual(changedBy('PUT /orders/:id'));
    expect(edit.changes).toEqual(expect.arrayContaining(['assignations', 'messages', 'conversations']));

    const creation = createOrUpdate(createOrder, updateOrder, undefined);
    expect(creation.changes).toEqual(changedBy('POST /orders'));
    expect(creation.changes).not.toContain('assignations');
  });
});
