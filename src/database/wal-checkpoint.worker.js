'use strict';
/*
 * The thread of SqliteCheckpointer: every `intervalMs`, copies what the serving connection appended to the WAL into
 * the database file. Plain JavaScript, so that the same file runs from the sources under jest and from the build.
 */
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');

const database = new Database(workerData.path, { fileMustExist: true });
// A writer holds its lock for the length of one statement; a passive checkpoint never waits for it anyway.
database.pragma('busy_timeout = 1000');

let timer;
function checkpoint() {
  try {
    // PASSIVE copies the frames no reader still needs and never blocks the serving connection.
    database.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String(error) });
  }
  timer = setTimeout(checkpoint, workerData.intervalMs);
}

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearTimeout(timer);
  database.close();
  parentPort.close();
});
// The database is open: the start of the thread, which the server waits for, is over.
parentPort.postMessage({ ready: true });
checkpoint();
