import { useRef, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';

/**
 * Handlers for a Radix `Dialog.Content`, every dialog of the portal's:
 *
 * - The focus goes back, when the dialog closes, to whatever had it when the dialog opened (WCAG 2.4.3). Radix gives
 *   it back to a `Dialog.Trigger`; the portal's dialogs open from state, without one, so the focus fell to the page's
 *   body and a keyboard user started again from the top. When the opener went while the dialog was open (a person
 *   deleted or moved away from the list that opened their details), `fallback` takes the focus.
 * - An Escape pressed inside the dialog closes it alone. Radix listens for Escape on the document, and while a dialog
 *   opened from another one is still registering, the one below listens too: one Escape then closed both, e.g. a
 *   person's details with the confirmation opened from them (radix-ui/primitives#4143). React's keydown goes from the
 *   innermost dialog outwards, through portals, so the dialog the key was pressed in takes it.
 */
export function useDialogHandlers(close: () => void, fallback?: RefObject<HTMLElement | null>) {
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
    onEscapeKeyDown: (event: KeyboardEvent) => event.preventDefault(),
    onKeyDown: (event: ReactKeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close();
    },
  };
}
