/**
 * A press held on a touch screen (half a second, without moving): phones have no Shift-click, so
 * that is how a row enters selection mode there. Mouse and pen presses are left alone.
 */
import { useEffect, useRef } from 'react';

const HOLD_MS = 500;
/** A finger that moves further than this is scrolling, not holding. */
const SLOP_PX = 10;

export function useLongPress(onLongPress: (() => void) | undefined) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef({ x: 0, y: 0 });
  const cancel = () => clearTimeout(timer.current);
  useEffect(() => cancel, []);
  if (!onLongPress) return {};
  return {
    onPointerDown: (event: React.PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      start.current = { x: event.clientX, y: event.clientY };
      cancel();
      timer.current = setTimeout(onLongPress, HOLD_MS);
    },
    onPointerMove: (event: React.PointerEvent) => {
      const moved = Math.hypot(event.clientX - start.current.x, event.clientY - start.current.y);
      if (moved > SLOP_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
  };
}
