/**
 * Resolves in a new task of the event loop. Start-up work after it runs in a task of its own, so
 * no single task holds the main thread for the whole start (issue 9: total blocking time).
 * A message channel is used because timers are clamped and idle callbacks may wait for seconds.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
