/** Whether a process with this id runs now (a lock's holder: a lock whose holder died does not count). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
