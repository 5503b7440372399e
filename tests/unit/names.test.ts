import { describe, expect, it } from 'vitest';
import { initialsOf, personName } from '../../src/shared/domain/names';

describe('initials of a name', () => {
  it('take the first letters of the first two words, upper-cased', () => {
    expect(initialsOf('Mette Frederiksen')).toBe('MF');
    expect(initialsOf('hans christian andersen')).toBe('HC');
  });

  it('keep Danish and Norwegian letters', () => {
    expect(initialsOf('Åse Ørsted')).toBe('ÅØ');
    expect(initialsOf('æble øst')).toBe('ÆØ');
    // Å typed as A and a combining ring is still one letter.
    expect(initialsOf('A\u030Ase Berg')).toBe('ÅB');
  });

  it('take a hyphenated first name as one word', () => {
    expect(initialsOf('Anne-Marie Østergaard')).toBe('AØ');
    expect(initialsOf('Anne-Marie')).toBe('A');
  });

  it('give one letter for a one-word name and nothing for an empty one', () => {
    expect(initialsOf('Søren')).toBe('S');
    expect(initialsOf('   ')).toBe('');
    expect(initialsOf('')).toBe('');
  });

  it('never give more than two characters, even for letters outside the basic plane', () => {
    expect(Array.from(initialsOf('𝒜lice 𝒷ob Carl'))).toHaveLength(2);
  });
});

describe('a person’s name', () => {
  it('is first and last name on one line, or the e-mail address without a name', () => {
    expect(personName({ firstname: 'Åse', lastname: 'Ørsted', email: 'aase@example.com' })).toBe('Åse Ørsted');
    expect(personName({ firstname: 'Søren', lastname: '', email: 'soren@example.com' })).toBe('Søren');
    expect(personName({ firstname: ' ', lastname: '', email: 'ørn@example.com' })).toBe('ørn@example.com');
    expect(initialsOf(personName({ firstname: '', lastname: '', email: 'ørn@example.com' }))).toBe('Ø');
    expect(personName({ firstname: 'Anne\nMarie', lastname: 'Hansen', email: 'a@example.com' })).toBe('Anne Marie Hansen');
  });
});
