/** The frames of the signed-in pages, each a route-level chunk (see Layout and router.tsx). */
export const loadSessionFrame = () => import('./SessionFrame');
/** The Redux store's scope, around the pages that read server data. */
export const loadStoreScope = () => import('../StoreScope');
/** The frame of those pages: the navbar and the navigation drawer (projects). */
export const loadStoreFrame = () => import('./StoreFrame');
/** What a signed-in page needs before it shows, fetched side by side. */
export const loadSignedInFrame = () => Promise.all([loadStoreScope(), loadStoreFrame()]);
