/**
 * Who hears of a reply in a comment thread: everyone who has written in it (the one who started it
 * and each who replied), never the one replying; those the reply mentions hear of it as a mention
 * instead, once.
 */
export function replyRecipients(participantIds: readonly string[], replierId: string, mentionIds: readonly string[]): string[] {
  const mentioned = new Set(mentionIds);
  return [...new Set(participantIds)].filter((id) => id !== replierId && !mentioned.has(id));
}
