// Where the tests' data directories go: memory (tmpfs, /dev/shm) when the machine has room there, else the system's
// temp folder. SQLite commits with synchronous = FULL, and on this machine's disk each fsync took 4 to 9 ms: the
// simulated days (governor-day, verification-day) spent two thirds of their time waiting on it. A process killed
// mid-write keeps what it wrote on tmpfs as on a disk, so the durability tests prove the same; the disk's own speed
// is the bench's to measure (bench/ runs on the real disk).
import fs from 'node:fs';
import os from 'node:os';

export const scratchDir: string = (() => {
  try {
    const shm = fs.statfsSync('/dev/shm');
    if (shm.bavail * shm.bsize >= 4 * 1024 ** 3) return '/dev/shm';
  } catch {
    // no tmpfs here
  }
  return os.tmpdir();
})();
