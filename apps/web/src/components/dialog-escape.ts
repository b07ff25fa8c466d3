import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

/**
 * Handlers for a Radix `Dialog.Content` that close it on an Escape pressed inside it. Radix listens for Escape on the
 * document, and while a dialog opened from another one is still registering, the one below listens too: one Escape
 * then closed both, e.g. a person's details with the confirmation opened from them (radix-ui/primitives#4143). React's
 * keydown goes from the innermost dialog outwards, through portals, so the dialog the key was pressed in closes alone.
 */
export function dialogEscapeHandlers(close: () => void) {
  return {
    onEscapeKeyDown: (event: KeyboardEvent) => event.preventDefault(),
    onKeyDown: (event: ReactKeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close();
    },
  };
}
