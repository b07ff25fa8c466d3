import { useRef, type RefObject } from 'react';

/**
 * Handlers for a Radix `Dialog.Content` that give the focus back, when the dialog closes, to whatever had it when the
 * dialog opened (WCAG 2.4.3). Radix gives it back to a `Dialog.Trigger`; the portal's dialogs open from state, without
 * one, so the focus fell to the page's body and a keyboard user started again from the top. When the opener went
 * while the dialog was open (a person deleted or moved away from the list that opened their details), `fallback` takes
 * the focus.
 */
export function useFocusReturn(fallback?: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current?.isConnected ? opener.current : fallback?.current;
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}
