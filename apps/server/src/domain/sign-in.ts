/** Store learners sign in with their PIN alone; store admins and every office user need a password. */
export function needsPassword(user: { role: string; typ: string }): boolean {
  return user.typ !== 'store_user' || user.role === 'admin';
}
