import { PRIMARY_COLOUR } from '@ushirika/shared/brand';

/**
 * The giving page's look over the login screen's (host/src/login/login-styles.ts, which it wears too): plain CSS,
 * no antd. Made for a phone in one hand: 48 px fields and buttons, 16 px text in the fields (no zoom on focus),
 * the funds as large choices. The card is drawn once, with the page's answer (only a loading line before it, out
 * of the flow), so nothing on the page moves as it loads.
 */
export const GIVE_CSS = `
.give .login-head h1 { overflow-wrap: anywhere; }
.give .login-field input { height: 48px; font-size: 16px; }
.give .login-field input[aria-invalid='true'] { border-color: #ff4d4f; }
.give .login-submit { height: 48px; font-size: 16px; }
.give-loading { position: absolute; top: 50%; left: 0; right: 0; margin: 0; text-align: center; color: rgba(0, 0, 0, 0.65); }
.give-funds { border: 0; margin: 0 0 20px; padding: 0; min-width: 0; }
.give-funds legend { padding: 0; margin-bottom: 8px; }
.give-fund { display: flex; align-items: center; gap: 12px; min-height: 48px; box-sizing: border-box; padding: 8px 12px; margin-bottom: 8px;
  border: 1px solid #d9d9d9; border-radius: 6px; cursor: pointer; overflow-wrap: anywhere; }
.give-fund:hover { border-color: ${PRIMARY_COLOUR}; }
.give-fund:has(input:checked) { border-color: ${PRIMARY_COLOUR}; background: ${PRIMARY_COLOUR}14; }
.give-fund:has(input:focus-visible) { outline: 2px solid ${PRIMARY_COLOUR}; outline-offset: 2px; }
.give-fund input { flex: none; width: 20px; height: 20px; margin: 0; accent-color: ${PRIMARY_COLOUR}; }
.give-funds-refused .give-fund { border-color: #ff4d4f; }
.give-note { margin: 0; color: rgba(0, 0, 0, 0.65); font-size: 13px; }
.give-problem { margin: 0; color: #a8071a; font-size: 13px; }
.give-progress { display: flex; align-items: flex-start; gap: 12px; margin-bottom: 20px; padding: 12px; border: 1px solid #d6e4ff;
  background: #f0f5ff; border-radius: 8px; }
.give-progress:focus, .give-outcome:focus { outline: none; }
.give-progress p { margin: 0; }
.give-message { font-size: 16px; font-weight: 500; }
.give-progress .give-note { margin-top: 4px; }
.give-spinner { flex: none; width: 20px; height: 20px; margin-top: 2px; box-sizing: border-box; border-radius: 50%; border: 3px solid ${PRIMARY_COLOUR}33;
  border-top-color: ${PRIMARY_COLOUR}; animation: give-spin 0.8s linear infinite; }
@keyframes give-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .give-spinner { animation-duration: 2.4s; } }
.give-outcome { font-size: 16px; }
`;
