/**
 * A value read twice, `ms` apart, until both reads agree. A play an earlier test started is
 * counted once its stream is on its way, which can land after that test ended (seen on a loaded
 * CI machine): a count a test compares against is read once it has settled.
 */
export async function settled<T>(read: () => Promise<T>, ms = 250): Promise<T> {
  for (;;) {
    const first = await read();
    await new Promise((resolve) => setTimeout(resolve, ms));
    if (JSON.stringify(first) === JSON.stringify(await read())) return first;
  }
}
