/** Whether `work` settles within `ms` (false at once when `stop` settles first). */
export async function settlesWithin(
  work: Promise<void>,
  ms: number,
  stop: Promise<void>,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    work.then(() => true),
    stop.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]);
  clearTimeout(timer);
  return outcome;
}
