import { expect, it } from 'vitest';

it('turns off zod compiling schemas with new Function, when zod loads after it', async () => {
  await import('./zod-config');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
});
