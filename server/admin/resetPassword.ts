// `reset-password <username|email>`: a one-time password for a user locked out of their account.
import { resetPassword } from '../useCases/accounts.js';
import { type CommandInput, say } from './command.js';
import { findUser, withCore } from './core.js';

export async function run({ positionals: [who] }: CommandInput): Promise<void> {
  await withCore(async (core) => {
    const user = await findUser(core.repos, who!);
    const { password } = await resetPassword(core, { userId: user.id });
    say(`Password of ${user.username} (${user.email}) reset; every session signed out.`);
    say(`One-time password: ${password}`);
    say('They must choose a new password after signing in with it.');
  });
}
