export const uploadStrings = {
  title: 'Upload',
  titleInto: (name: string) => `Upload into ${name}`,
  name: 'Collection name',
  nameHelp: 'A new collection is created with this name.',
  pick: 'Choose files',
  pickHelp:
    'Audio, cover images and cue, log or pdf files. Large files resume if the connection drops.',
  start: 'Upload',
  post: 'Run the default post-actions and show it in the New row',
  noFiles: 'No files chosen yet.',
  overall: (done: number, total: number) => `${done} of ${total} files uploaded`,
  state: {
    idle: 'waiting',
    uploading: (percent: number) => `uploading ${percent}%`,
    uploaded: 'uploaded',
    failed: (reason: string) => `failed: ${reason}`,
  },
  retry: 'Retry',
  remove: 'Remove',
  importing: 'Reading the tags…',
  loading: 'Loading the collection',
  needName: 'Enter a name for the collection',
} as const;
