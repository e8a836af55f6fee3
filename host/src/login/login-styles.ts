import { PRIMARY_COLOUR, SECONDARY_COLOUR } from '@ushirika/shared/brand';

/**
 * The login screen's look, in plain CSS: the screen loads no antd (docs/architecture.md, "Weight"), so it draws
 * antd's shapes itself (card, inputs, primary button, error alert, notice, links) with the same brand colour and radius.
 * The forgotten-password and invitation screens wear it too (LoginCard).
 */
export const LOGIN_CSS = `
.login { min-height: 100vh; box-sizing: border-box; display: flex; align-items: center; justify-content: center; padding: 16px;
  background: linear-gradient(135deg, ${PRIMARY_COLOUR}22, ${SECONDARY_COLOUR}22); color: rgba(0, 0, 0, 0.88); font-size: 14px; line-height: 1.5715; }
.login-card { width: 100%; max-width: 400px; box-sizing: border-box; padding: 24px; background: #fff; border-radius: 8px;
  box-shadow: 0 1px 2px rgba(0, 0, 0, 0.03), 0 1px 6px -1px rgba(0, 0, 0, 0.02), 0 2px 4px rgba(0, 0, 0, 0.02); border: 1px solid #f0f0f0; }
.login-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.login-head h1 { margin: 0; font-size: 24px; font-weight: 600; line-height: 1.35; }
.login-subtitle { margin: 8px 0 16px; color: rgba(0, 0, 0, 0.65); }
.login-alert { margin-bottom: 16px; padding: 8px 12px; border: 1px solid #ffccc7; background: #fff2f0; border-radius: 8px; color: #a8071a; }
.login-field { display: flex; flex-direction: column; gap: 8px; margin-bottom: 20px; }
.login-field input { font: inherit; height: 40px; box-sizing: border-box; padding: 4px 11px; border: 1px solid #d9d9d9; border-radius: 6px; background: #fff; color: inherit; }
.login-field input:hover { border-color: ${PRIMARY_COLOUR}; }
.login-field input:focus { outline: none; border-color: ${PRIMARY_COLOUR}; box-shadow: 0 0 0 2px ${PRIMARY_COLOUR}33; }
.login-remember { display: flex; align-items: center; gap: 8px; margin-bottom: 20px; cursor: pointer; width: fit-content; }
.login-remember input { width: 16px; height: 16px; margin: 0; accent-color: ${PRIMARY_COLOUR}; }
.login-submit { font: inherit; width: 100%; height: 40px; border: 0; border-radius: 6px; background: ${PRIMARY_COLOUR}; color: #fff; cursor: pointer;
  box-shadow: 0 2px 0 rgba(5, 68, 255, 0.06); }
.login-submit:hover { filter: brightness(1.08); }
.login-submit:focus-visible { outline: 2px solid ${PRIMARY_COLOUR}; outline-offset: 2px; }
.login-submit[aria-busy='true'] { opacity: 0.75; cursor: progress; }
.login-notice { margin-bottom: 16px; padding: 8px 12px; border: 1px solid #b7eb8f; background: #f6ffed; border-radius: 8px; color: #135200; }
.login-hint { margin: -12px 0 20px; color: rgba(0, 0, 0, 0.65); font-size: 13px; }
.login-links { display: flex; justify-content: space-between; gap: 8px; margin-top: 16px; }
.login-link { font: inherit; padding: 0; border: 0; background: none; color: ${PRIMARY_COLOUR}; cursor: pointer; text-decoration: none; }
.login-link:hover { text-decoration: underline; }
.login-link:focus-visible { outline: 2px solid ${PRIMARY_COLOUR}; outline-offset: 2px; }
`;
