/**
 * A route's own Suspense boundary, under its guard: the guard mounts (and keeps what it decided)
 * while the page's chunk loads. Without it the guard would mount only with the page, after the
 * frame's own calls (the drawer's) may already have ended an invalid session.
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageFallback } from './PageFallback';

export function PageSuspense() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );
}
