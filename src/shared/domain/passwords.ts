/**
 * Password rules (NIST SP 800-63B, as the product asks): 10–128 characters, no composition rules,
 * and the commonly used passwords refused. The list holds the common ones that are long enough to
 * pass the length rule; shorter ones are refused by length already.
 */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

const common = new Set(
  [
    '1234567890', '12345678910', '123456789a', '0987654321', '1q2w3e4r5t', '1qaz2wsx3edc', 'qwertyuiop', 'asdfghjkl1',
    'password12', 'password123', 'password1234', 'passw0rd123', 'p@ssw0rd123', 'iloveyou12', 'iloveyou123', 'qwerty1234',
    'qwerty12345', 'qwerty123456', 'abcdefghij', 'abcd123456', 'abc1234567', 'a123456789', '1111111111', '0000000000',
    '2222222222', '5555555555', '6666666666', '7777777777', '8888888888', '9999999999', '1234512345', '1122334455',
    '1212121212', '123123123123', '123qweasdzxc', 'zaq12wsxcde3', 'qazwsxedcrfv', 'football123', 'baseball123',
    'basketball', 'superman123', 'princess123', 'sunshine123', 'welcome123', 'welcome1234', 'letmein123', 'trustno1234',
    'starwars123', 'dragon1234', 'monkey1234', 'master1234', 'shadow1234', 'michael123', 'jennifer123', 'computer123',
    'internet123', 'administrator', 'admin12345', 'admin123456', 'changeme123', 'qwertyuiop123', 'asdfghjkl123',
    'zxcvbnm123', 'mypassword', 'mypassword1', 'mypassword123', 'passwordpassword', 'testtest123', 'test123456',
    'liverpool123', 'chelsea123', 'arsenal123', 'pokemon123', 'minecraft123', 'whatever123', 'elskerdig123',
    'adgangskode', 'adgangskode1', 'adgangskode123', 'kodeord123', 'passord123', 'passordet1', 'sommer2024',
    'sommer2025', 'sommer2026', 'vinter2025', 'vinter2026', 'velkommen1', 'velkommen123', 'danmark123', 'norge12345',
    'kobenhavn1', 'qwertzuiop', 'azertyuiop', 'summer2025', 'summer2026', 'winter2025', 'winter2026', 'spring2026',
    'autumn2026', 'password2025', 'password2026', 'password!1', 'password01', 'iloveyou1234', '1qaz2wsx3e',
  ].map((password) => password.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
