/**
 * The app routes in declarative mode (BrowserRouter + useRoutes); tests render a MemoryRouter the
 * same way and read it through this handle: the current location, and a way to move it.
 */
import { useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';

export interface TestRouter {
  readonly location: Location;
  /** Navigates as a link would (wrap it in act). */
  navigate(to: string): Promise<void>;
}

/** A handle on the router a test renders, and `Probe`, to render inside that router. */
export function testRouter() {
  let current: { location: Location; navigate: NavigateFunction } | undefined;
  const latest = () => {
    if (!current) throw new Error('the router is not rendered (render <Probe /> inside it)');
    return current;
  };
  const router: TestRouter = {
    get location() {
      return latest().location;
    },
    navigate: async (to) => {
      await latest().navigate(to);
    },
  };
  const capture = (location: Location, navigate: NavigateFunction) => {
    current = { location, navigate };
  };
  function Probe() {
    capture(useLocation(), useNavigate());
    return null;
  }
  return { router, Probe };
}
