// The import queue as the operator console's dashboard sees it: the name and BullMQ prefix `lodging import --queue` uses.
export { DEFAULT_QUEUE_PREFIX, IMPORT_QUEUE_NAME } from '../jobs/queue-names.ts';
