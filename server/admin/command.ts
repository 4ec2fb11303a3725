// What an admin command is: its name and usage for --help, the options it takes (util.parseArgs)
// and what it does. cli.ts finds it by name and turns its refusals into exit codes.

export interface CommandInput {
  positionals: string[];
  flags: Record<string, boolean | undefined>;
}

export interface AdminCommand {
  name: string;
  /** Arguments as shown in the usage line, e.g. `<dir>`. */
  args: string;
  /** One line for the command list. */
  summary: string;
  /** What --help adds under the usage line. */
  details: string;
  /** How many positional arguments it needs: exactly, or a range (a subcommand and its argument). */
  positionals: number | { min: number; max: number };
  /** Boolean flags it takes, with their help line. */
  flags?: Record<string, string>;
  /** Its module, imported only when it runs: --help and refusals stay quick. */
  load(): Promise<(input: CommandInput) => Promise<void>>;
}

/** The command cannot do what was asked (unknown user, non-empty target, ...): exit 1 with the message. */
export class Refusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Refusal';
  }
}

/** The command line itself is wrong (missing argument, unknown option): exit 2 with the message and the usage. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** What a command tells the operator (stdout: scripts may read it). */
export function say(line = ''): void {
  process.stdout.write(`${line}\n`);
}

const UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];

/** 1536 -> "1.5 KiB (1536 bytes)": readable, and exact for scripts. */
export function sizeOf(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${UNITS[unit]} (${bytes} bytes)`;
}
