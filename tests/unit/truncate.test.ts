import { describe, expect, it } from 'vitest';
import { truncateAtWord } from '../../src/shared/domain/truncate';

describe('truncateAtWord', () => {
  it('keeps a text that fits, with its spaces folded', () => {
    expect(truncateAtWord('  Tilskud  til\nsmå virksomheder. ', 40)).toBe('Tilskud til små virksomheder.');
  });

  it('cuts on a word boundary and never leaves a full stop before the ellipsis', () => {
    expect(truncateAtWord('Puljen støtter innovation. Den dækker løn og materialer', 27)).toBe('Puljen støtter innovation…');
    expect(truncateAtWord('Puljen støtter innovation i små virksomheder', 30)).toBe('Puljen støtter innovation i…');
  });

  it('cuts inside one very long word rather than returning almost nothing', () => {
    expect(truncateAtWord('Ud Forskningsogudviklingsaktiviteter', 12)).toBe('Ud Forskning…');
  });
});
