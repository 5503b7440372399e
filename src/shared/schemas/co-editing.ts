import { z } from 'zod';
import { sectionInput } from './applications';

/** Base64 of a Yjs update; a keystroke is tens of bytes, a whole 100,000-character text a few hundred KB. */
const encoded = (max: number) => z.string().max(max, { error: 'validation.tooLong' }).regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'validation.invalid' });

/** The editor's Yjs client id: its own changes are not sent back to it. */
const clientIdSchema = z.number().int().min(0).max(2 ** 53 - 1);

export const watchTextInput = sectionInput.extend({
  clientId: clientIdSchema,
  /** What the editor already holds (a Yjs state vector): only the rest is sent. */
  stateVector: encoded(100_000).optional(),
});

export const pushTextInput = sectionInput.extend({
  clientId: clientIdSchema,
  update: encoded(1_500_000),
});

/** Where the writer's cursor is (y-protocols awareness), passed on to the others and never stored. */
export const pushAwarenessInput = sectionInput.extend({
  clientId: clientIdSchema,
  update: encoded(4_000),
});
