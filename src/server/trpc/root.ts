import { authRouter } from '../features/auth/auth.router';
import { systemRouter } from '../features/system/system.router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
