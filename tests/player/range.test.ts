import { describe, expect, it } from 'vitest';
import { rangeResponse } from '../../sw/range';

describe('rangeResponse', () => {
  const cached = () =>
    new Response(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), {
      headers: { 'Content-Type': 'audio/mpeg' },
    });

  it('answers 206 with the slice and Content-Range', async () => {
    const res = await rangeResponse('bytes=2-4', cached());
    expect(res.status).toBe(206);
    expect(res.headers.get('Content-Range')).toBe('bytes 2-4/10');
    expect(res.headers.get('Content-Length')).toBe('3');
    expect(res.headers.get('Content-Type')).toBe('audio/mpeg');
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([2, 3, 4]);
  });
  it('answers 200 with the whole body without a Range header', async () => {
    const res = await rangeResponse(null, cached());
    expect(res.status).toBe(200);
    expect(res.headers.get('Accept-Ranges')).toBe('bytes');
    expect((await res.arrayBuffer()).byteLength).toBe(10);
  });
  it('answers 416 for a range past the end', async () => {
    const res = await rangeResponse('bytes=10-', cached());
    expect(res.status).toBe(416);
    expect(res.headers.get('Content-Range')).toBe('bytes */10');
  });
});
