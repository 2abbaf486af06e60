import { test } from './support/csp-guard';
import { registerUser } from './support/api';
import { steerAnotherDevice } from './support/device-steps';
import { demoCollection } from './support/player-queue';

/**
 * Issue 50: two contexts of one user are two devices. B sees what A plays and where, pauses
 * it, seeks it, sets its volume, and takes the music over ("play here"); another user's
 * context never sees A. The same steps run on two app servers in devices-two-servers.spec.ts.
 */
test('a user sees and steers their other device, and plays its music here', async ({ browser }) => {
  test.setTimeout(120_000);
  const user = await registerUser('devices');
  const { tracks } = await demoCollection(3);
  await steerAnotherDevice(browser, user, tracks);
});
