import { useSyncExternalStore } from 'react';
import { hasNativeWrapper } from '@/shared/bridge/native-bridge';

const never = () => () => {};

/**
 * Whether the page runs in a phone browser rather than the native shell (issue 30): the browser has
 * no shell to go home or sign in, so the pages offer their own way. False while the server renders
 * and while hydrating, so the server's HTML and the first render agree; true right after.
 */
export const useInPhoneBrowser = (): boolean =>
  useSyncExternalStore(
    never,
    () => !hasNativeWrapper(),
    () => false,
  );
