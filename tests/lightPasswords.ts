/**
 * Server settings for tests: argon2id at 1 MiB and one pass instead of 64 MiB and three. Every
 * registration and login hashes; at the production cost that is ~270 ms of CPU each on an idle
 * 2-core machine and seconds on a loaded one. No test here measures the hash itself: verifying
 * reads the cost from the stored hash, and a login for an unknown email verifies against a hash
 * made at the configured cost, so known and unknown emails still take the same time.
 */
export const LIGHT_PASSWORD_HASHING = { PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_TIME_COST: '1' } as const;
