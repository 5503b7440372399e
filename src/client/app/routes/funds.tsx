import { defineScreen } from '../screen';

export const screen = defineScreen('funds', {
  path: '/funds',
  layout: 'public',
  access: 'anyone',
  catalogue: true,
  data: ({ utils }) => [utils.funds.list.prefetch()],
  component: () => import('./funds.lazy'),
});

declare module '../screen' {
  interface Screens {
    funds: typeof screen;
  }
}
