import type { ComponentProps } from 'react';

type Props = ComponentProps<'button'> & {
  /** The button's action is under way: the button says so (`aria-disabled`) and ignores presses. */
  pending: boolean;
};

/**
 * A button that keeps the keyboard focus while its action is under way. A `disabled` button loses it: Chromium moves
 * the focus of a button that becomes disabled to the page's body, so a keyboard or screen reader user who pressed Save
 * started again from the top of the page. A press while pending is cancelled, which also stops a submit button (and
 * Enter in its form's fields) from sending the form a second time. Style it with `[aria-disabled='true']`.
 */
export function PendingButton({ pending, onClick, ...props }: Props) {
  return (
    <button
      {...props}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
