/** 'Remember me' keeps the email (never the password) for the next visit. */
const REMEMBERED_EMAIL_KEY = 'ushirika.rememberedEmail';

export function rememberedEmail(): string {
  return localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '';
}

export function rememberEmail(email: string | null): void {
  if (email) localStorage.setItem(REMEMBERED_EMAIL_KEY, email);
  else localStorage.removeItem(REMEMBERED_EMAIL_KEY);
}
