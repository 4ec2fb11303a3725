// `runner add <name>`, `runner list`, `runner revoke <name>`: the remote transcoding runners.
// `add` prints the token on its last line, for scripts: `npm run admin -- runner add gpu1 | tail -1`.
import { addRunner, revokeRunner } from '../useCases/runners.js';
import { type CommandInput, say, UsageError } from './command.js';
import { withCore } from './core.js';

export async function run({ positionals: [action, name] }: CommandInput): Promise<void> {
  if (action === 'list') {
    if (name !== undefined) throw new UsageError('runner list takes no name');
    await withCore(async (core) => {
      const runners = await core.repos.runners.list();
      if (!runners.length) say('No runners. Add one with: npm run admin -- runner add <name>');
      for (const runner of runners) {
        const state = runner.revoked_at ? `revoked ${runner.revoked_at}` : 'active';
        say(`${runner.name}\t${state}\tadded ${runner.created_at}\tlast seen ${runner.last_seen_at ?? 'never'}`);
      }
    });
    return;
  }
  if ((action !== 'add' && action !== 'revoke') || name === undefined) throw new UsageError('Usage: npm run admin -- runner add <name> | list | revoke <name>');
  await withCore(async (core) => {
    if (action === 'add') {
      const { token } = await addRunner(core, { name });
      say(`Runner ${name} added. Start it with: npm run runner -- --url <API URL> --token <token>`);
      say('Its token, shown only this once:');
      say(token);
      return;
    }
    const { jobsReleased } = await revokeRunner(core, { name });
    say(`Runner ${name} revoked: its token is refused from now on${jobsReleased.length ? `; ${jobsReleased.length} job(s) it held queued again` : ''}.`);
  });
}
