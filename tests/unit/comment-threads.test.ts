import { describe, expect, it } from 'vitest';
import { replyRecipients } from '../../src/shared/domain/comment-threads';

describe('who hears of a reply', () => {
  it('is everyone who wrote in the thread, once each, except the one replying and those the reply mentions', () => {
    expect(replyRecipients(['starter', 'bo', 'starter', 'eva'], 'eva', [])).toEqual(['starter', 'bo']);
    expect(replyRecipients(['starter', 'bo'], 'eva', ['bo'])).toEqual(['starter']);
    expect(replyRecipients(['starter'], 'starter', [])).toEqual([]);
  });
});
