import { defineScreen } from '../screen';

export const screen = defineScreen('funds', {
  data: ({ utils }) => [utils.funds.list.prefetch()],
  component: () => import('./funds.lazy'),
});

declare module '../screen' {
  interface Screens {
    funds: typeof screen;
  }
}
