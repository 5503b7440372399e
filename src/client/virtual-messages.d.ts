// One language's catalog, built by the `localeMessages` plugin in vite.config.ts.
declare module 'virtual:messages/*' {
  const messages: Record<string, string>;
  export default messages;
}
