import { ApiSession, registerUser, type RegisteredUser } from './api';

/** A fresh member whose e-mail the administrator confirmed (requests need it). */
export async function confirmedUser(prefix = 'user'): Promise<RegisteredUser> {
  const user = await registerUser(prefix);
  const admin = await ApiSession.signIn();
  try {
    await admin.call('POST', `/api/user/${user.userId}`, { emailConfirmed: true });
  } finally {
    await admin.dispose();
  }
  return user;
}
