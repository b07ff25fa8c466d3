import { useRef } from 'react';

/**
 * Handlers for a Radix `Dialog.Content` that give the focus back, when the dialog closes, to whatever had it when the
 * dialog opened (WCAG 2.4.3). Radix gives it back to a `Dialog.Trigger`; the portal's dialogs open from state, without
 * one, so the focus fell to the page's body and a keyboard user started again from the top.
 */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}
