import { describe, expect, it } from 'vitest';
import { isCommonPassword, PASSWORD_MAX, PASSWORD_MIN } from '../../src/shared/domain/passwords';
import { loginInput, resetPasswordForm, signupInput } from '../../src/shared/schemas/auth';

const valid = { firstname: 'Ada', lastname: 'Lovelace', email: ' Ada@Example.COM ', password: 'analytical engine', acceptPrivacy: true };

function firstError(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('password rules', () => {
  it('allow 10 to 128 characters with no composition rules', () => {
    expect(PASSWORD_MIN).toBe(10);
    expect(PASSWORD_MAX).toBe(128);
    expect(signupInput.safeParse({ ...valid, password: 'aaaaaaaaab' }).success).toBe(true);
    expect(signupInput.safeParse({ ...valid, password: 'x'.repeat(128) }).success).toBe(true);
    expect(firstError(signupInput.safeParse({ ...valid, password: 'x'.repeat(9) }))).toEqual([['password', 'auth.passwordTooShort']]);
    expect(firstError(signupInput.safeParse({ ...valid, password: 'x'.repeat(129) }))).toEqual([['password', 'auth.passwordTooLong']]);
  });

  it('refuse common passwords whatever their case', () => {
    expect(isCommonPassword('QWERTYUIOP')).toBe(true);
    expect(isCommonPassword('1234567890')).toBe(true);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
    expect(firstError(signupInput.safeParse({ ...valid, password: 'Password123' }))).toEqual([['password', 'auth.passwordCommon']]);
  });

  it('let an old account log in with a password that the new rules would refuse', () => {
    expect(loginInput.safeParse({ email: 'a@b.dk', password: 'short' }).success).toBe(true);
  });
});

describe('sign-up input', () => {
  it('normalises the e-mail and requires accepting the privacy policy', () => {
    const parsed = signupInput.parse(valid);
    expect(parsed.email).toBe('ada@example.com');
    expect(firstError(signupInput.safeParse({ ...valid, acceptPrivacy: false }))).toEqual([['acceptPrivacy', 'auth.acceptPrivacyRequired']]);
    expect(firstError(signupInput.safeParse({ ...valid, email: 'not an e-mail' }))).toEqual([['email', 'validation.email']]);
    expect(firstError(signupInput.safeParse({ ...valid, firstname: '   ' }))).toEqual([['firstname', 'validation.required']]);
  });

  it('the reset form wants the same password twice', () => {
    expect(firstError(resetPasswordForm.safeParse({ password: 'a long password', repeat: 'another one' }))).toEqual([['repeat', 'auth.passwordsDiffer']]);
    expect(resetPasswordForm.safeParse({ password: 'a long password', repeat: 'a long password' }).success).toBe(true);
  });
});
