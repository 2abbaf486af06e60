export interface FilePart {
  filename: string;
  data: Buffer;
  type?: string;
  /** The form field; "file" unless told. */
  field?: string;
}

/** A multipart/form-data body with these file parts, as a browser's FormData sends it. */
export function multipartForm(parts: FilePart[]): {
  body: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `----musicbox${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; ` +
          `filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
