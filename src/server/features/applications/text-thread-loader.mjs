// The entry of the co-editing documents' thread (text-host.ts). A worker thread does not inherit
// the TypeScript loader its process was started with, so it registers it before loading its code.
import { register } from 'tsx/esm/api';

register();
await import('./text-thread.ts');
