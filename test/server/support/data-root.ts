import fs from 'node:fs';
import os from 'node:os';

/**
 * Where test databases and their data directories go: memory (/dev/shm) where the machine has it,
 * so SQLite's synchronous commits do not wait for a disk; the system's temp folder otherwise.
 */
export const testDataRoot = (): string => (fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());
