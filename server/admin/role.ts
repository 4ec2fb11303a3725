// `role <username|email> admin|moderator|user`: the first admin comes from here.
import { changeRole } from '../useCases/moderation.js';
import { type CommandInput, say } from './command.js';
import { findUser, withCore } from './core.js';

export async function run({ positionals: [who, role] }: CommandInput): Promise<void> {
  await withCore(async (core) => {
    const user = await findUser(core.repos, who!);
    const change = await changeRole(core, { userId: user.id, role: role!, actorId: null });
    say(change.previousRole === change.role ? `${user.username} is already ${change.role}: nothing changed` : `${user.username} is now ${change.role} (was ${change.previousRole})`);
  });
}
