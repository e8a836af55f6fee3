/**
 * The router the app runs: the host shares this module as the `react-router-dom` singleton
 * (tooling/shared-deps.cjs, PROVIDED_FROM), with only the declarative-routing pieces the front ends use, taken
 * from `react-router` (which react-router-dom re-exports) so the rest of the library (data routers, server
 * rendering, cookies) stays out of the page. `shared/test/provided-subsets.test.ts` fails when a front end imports
 * from 'react-router-dom' a name missing here.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
