/**
 * Resolves in a task of its own, after the browser has had its turn (input, painting): `scheduler.yield()` where the
 * browser has it, else a message to itself, which background tabs do not slow down as they do timers.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
