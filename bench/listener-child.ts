/** One load process of listener-split.ts: runs its share of listeners and sends back the figures. */
import { runListenerLoad } from './listener-load';
import { RAMP_SECONDS, type ChildOrder } from './listener-split';

process.once('message', (message) => {
  const order = message as ChildOrder;
  void runListenerLoad(
    order.target,
    order.listeners,
    order.seconds,
    RAMP_SECONDS,
    0,
    order.offset,
    order.fullSpeed,
  ).then((figures) => process.send?.(figures, () => process.exit(0)));
});
