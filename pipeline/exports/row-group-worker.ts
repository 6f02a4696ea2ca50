// Worker thread of the export build: reads a row group's places from the snapshot file and answers them as Arrow IPC bytes.
import { parentPort, workerData } from 'node:worker_threads';
import { tableToIPC } from 'apache-arrow';
import { placeArrowTable } from './place-arrow-table.ts';
import { openForExport, placesByRowid } from './snapshot-export-rows.ts';
import type { RowGroupRequest, RowGroupAnswer, RowGroupWorkerData } from './row-group-encoders.ts';

const { file, publicUrl } = (workerData as { data: RowGroupWorkerData }).data;
const db = openForExport(file);
const port = parentPort!;

port.on('message', ({ seq, rowids }: RowGroupRequest) => {
  let answer: RowGroupAnswer;
  try {
    const ipc = tableToIPC(placeArrowTable(placesByRowid(db, rowids, publicUrl)), 'stream');
    answer = { seq, ipc };
    port.postMessage(answer, [ipc.buffer as ArrayBuffer]);
  } catch (error) {
    answer = { seq, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    port.postMessage(answer);
  }
});
