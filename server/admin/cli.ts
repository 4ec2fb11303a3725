// `npm run admin -- <command> [args]`: the operator's commands, run against the deployment the
// environment describes (DATA_DIR, DATABASE_URL, REDIS_URL, S3_*), beside a running server or not.
// Exit codes: 0 done, 1 refused (the message says why), 2 the command line is wrong.
import { parseArgs } from 'node:util';
import { DomainError } from '../domain/errors.js';
import { NewerDatabaseError } from '../db/newerDatabase.js';
import { type AdminCommand, Refusal, UsageError } from './command.js';
import { COMMANDS } from './commands.js';

const usageLine = (command: AdminCommand) => `npm run admin -- ${command.name}${command.args ? ` ${command.args}` : ''}${command.flags ? ` ${Object.keys(command.flags).map((flag) => `[--${flag}]`).join(' ')}` : ''}`;

function overview(): string {
  const width = Math.max(...COMMANDS.map((command) => `${command.name} ${command.args}`.length));
  return [
    'Usage: npm run admin -- <command> [arguments]',
    '',
    'Commands:',
    ...COMMANDS.map((command) => `  ${`${command.name} ${command.args}`.padEnd(width)}  ${command.summary}`),
    '',
    'npm run admin -- <command> --help tells more about one. The commands read the same environment',
    'as the server (DATA_DIR, DATABASE_URL, REDIS_URL, S3_*).',
  ].join('\n');
}

function helpOf(command: AdminCommand): string {
  const flags = Object.entries(command.flags ?? {}).map(([flag, text]) => `  --${flag}  ${text}`);
  return [`Usage: ${usageLine(command)}`, '', command.summary, '', command.details, ...(flags.length ? ['', 'Options:', ...flags] : [])].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(overview());
    return name ? 0 : 2;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) throw new UsageError(`Unknown command '${name}'\n\n${overview()}`);
  const options: Record<string, { type: 'boolean'; short?: string }> = { help: { type: 'boolean', short: 'h' } };
  for (const flag of Object.keys(command.flags ?? {})) options[flag] = { type: 'boolean' };
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nUsage: ${usageLine(command)}`);
  }
  if (parsed.values.help) {
    console.log(helpOf(command));
    return 0;
  }
  const { min, max } = typeof command.positionals === 'number' ? { min: command.positionals, max: command.positionals } : command.positionals;
  if (parsed.positionals.length < min || parsed.positionals.length > max) {
    const count = min === max ? String(min) : `${min} to ${max}`;
    throw new UsageError(`${command.name} takes ${count} argument${count === '1' ? '' : 's'} (${command.args}), got ${parsed.positionals.length}\nUsage: ${usageLine(command)}`);
  }
  const run = await command.load();
  await run({ positionals: parsed.positionals, flags: parsed.values as Record<string, boolean | undefined> });
  return 0;
}

let exitCode: number;
try {
  exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`Error: ${error.message}`);
    exitCode = 2;
  } else if (error instanceof Refusal || error instanceof DomainError || error instanceof NewerDatabaseError) {
    console.error(`Error: ${error.message}`);
    exitCode = 1;
  } else {
    console.error(error);
    exitCode = 1;
  }
}
// Everything the command opened is closed by now; a library's stray timer must not keep it alive.
process.exit(exitCode);
