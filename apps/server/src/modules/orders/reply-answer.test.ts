import { describe, expect, it } from 'vitest';
import { replyTable } from '../../../test/replies.ts';
import { replyAnswer } from './reply-answer.ts';

describe('a worker’s reply to an assignation offer, in their own words', () => {
  it.each(replyTable)('%j is %s', (reply, outcome) => {
    expect(replyAnswer(reply) ?? 'to handle').toBe(outcome);
  });

  it('is read on at least 30 real-looking replies, each once', () => {
    expect(replyTable.length).toBeGreaterThanOrEqual(30);
    expect(new Set(replyTable.map(([reply]) => reply)).size).toBe(replyTable.length);
  });
});
