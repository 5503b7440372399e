// One language's catalog, built by the `localeMessages` plugin in vite.config.ts: each message parsed.
declare module 'virtual:messages/*' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  const messages: Record<string, MessageFormatElement[]>;
  export default messages;
}
