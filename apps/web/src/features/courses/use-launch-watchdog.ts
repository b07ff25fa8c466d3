import type { courseRoutes } from '@portal/shared';
import { useEffect, type RefObject } from 'react';
import { isPortalMessage } from '../../launch/messages';

/** How long the content origin's launch page may take to answer before the player gives up on it. */
export const LAUNCH_PAGE_TIMEOUT_MS = 15_000;

/**
 * Reports `unreachable` when the launch page framed for `launch` sends nothing in time: the content origin does not
 * answer (a wrong content-origin setting, a proxy, the network) and the frame would otherwise stay blank.
 */
export function useLaunchWatchdog(
  frame: RefObject<HTMLIFrameElement | null>,
  launch: courseRoutes.CourseLaunch | null,
  fail: (reason: 'unreachable') => void,
): void {
  useEffect(() => {
    if (!launch || launch.scos.length === 0) return;
    const timer = setTimeout(() => fail('unreachable'), LAUNCH_PAGE_TIMEOUT_MS);
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== launch.content_origin) return;
      if (isPortalMessage(event.data)) clearTimeout(timer);
    };
    window.addEventListener('message', onMessage);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
  }, [frame, launch, fail]);
}
