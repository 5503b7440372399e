import type { ComponentType } from 'react';
import type { RouteName } from '../../shared/routes';

type ScreenModule = { default: ComponentType };

/**
 * The screen of each route, loaded on demand. A route without an entry shows its layout and
 * heading until its feature arrives.
 */
export const screens: Partial<Record<RouteName, () => Promise<ScreenModule>>> = {};

export const placeholderScreen: () => Promise<ScreenModule> = () => import('./routes/placeholder');
