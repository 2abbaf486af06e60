import { Center, Spinner, Text } from '@chakra-ui/react';
import { strings } from '../lib/strings';
import { PULL_ANIMATION_MS, type PullState } from './pull-to-refresh';

/** The strip above a pull-to-refresh page: grows with the pull, slides back in 300 ms. */
export function PullIndicator({ state, distance }: { state: PullState; distance: number }) {
  if (state === 'idle') return null;
  const height = state === 'refreshing' ? 48 : distance;
  return (
    <Center
      role="status"
      data-pull-state={state}
      overflow="hidden"
      gap="2"
      color="fg.muted"
      style={{ height, transition: `height ${PULL_ANIMATION_MS}ms ease` }}
    >
      {state === 'refreshing' ? <Spinner size="sm" /> : null}
      <Text fontSize="sm">{strings.pullToRefresh[state]}</Text>
    </Center>
  );
}
