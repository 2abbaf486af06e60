/**
 * Reads at most `maxBytes` of a fetched body: a misbehaving upstream cannot fill our memory,
 * whether it declares its size (refused before reading) or streams past it (cut off).
 * `tooLarge` builds the caller's own error, so each caller keeps its message and error type.
 */
export async function readCapped(
  response: Response,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) throw tooLarge();
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}
