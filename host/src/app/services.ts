import type { SubmitLogin } from '../login/login-request';
import type { AreaLoader } from '../remotes/areas';

/** What the shell needs from the outside world; bootstrap passes the real ones, tests pass fakes. */
export interface ShellServices {
  loadArea: AreaLoader;
  submitLogin: SubmitLogin;
}
