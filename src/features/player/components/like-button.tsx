import { IconButton } from '@chakra-ui/react';
import { useLikedIds } from '../../../common/likes/liked-ids';
import { useToggleLike } from '../../../common/likes/use-toggle-like';
import { playerStrings as t } from '../strings';
import { HeartIcon } from './player-icons';

/** Adds the track to, or removes it from, the user's liked playlist. */
export function LikeButton({ fileId }: { fileId: number }) {
  const liked = useLikedIds();
  const toggle = useToggleLike();
  const isLiked = liked.has(fileId);
  return (
    <IconButton
      aria-label={isLiked ? t.unlike : t.like}
      aria-pressed={isLiked}
      variant="ghost"
      color={isLiked ? 'red.400' : undefined}
      onClick={() => toggle.mutate({ fileId, liked: !isLiked })}
    >
      <HeartIcon filled={isLiked} />
    </IconButton>
  );
}
