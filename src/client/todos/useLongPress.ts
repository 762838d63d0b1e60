/**
 * A press held on a touch screen (half a second, without moving): phones have no Shift-click, so
 * that is how a row enters selection mode there. Mouse and pen presses are left alone. Lifting the
 * finger after a hold is not a tap: its click is cancelled, or it would land on whatever the new
 * selection bar moved under the finger.
 */
import { useEffect, useRef } from 'react';

const HOLD_MS = 500;
/** A finger that moves further than this is scrolling, not holding. */
const SLOP_PX = 10;

export function useLongPress(onLongPress: (() => void) | undefined) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef({ x: 0, y: 0 });
  const held = useRef(false);
  const cancel = () => clearTimeout(timer.current);
  useEffect(() => cancel, []);
  if (!onLongPress) return {};
  return {
    onPointerDown: (event: React.PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      start.current = { x: event.clientX, y: event.clientY };
      held.current = false;
      cancel();
      timer.current = setTimeout(() => {
        held.current = true;
        onLongPress();
      }, HOLD_MS);
    },
    onPointerMove: (event: React.PointerEvent) => {
      const moved = Math.hypot(event.clientX - start.current.x, event.clientY - start.current.y);
      if (moved > SLOP_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    // A cancelled touchend dispatches no click (Touch Events); React does not make it passive.
    onTouchEnd: (event: React.TouchEvent) => {
      if (held.current) event.preventDefault();
      held.current = false;
    },
  };
}
