import { IconButton } from '@chakra-ui/react';
import { useLikedIds, useToggleLike } from '../api/liked';
import { playerStrings as t } from '../strings';
import { HeartIcon } from './player-icons';

/** Adds the track to, or removes it from, the user's liked playlist. */
export function LikeButton({ fileId, likedPlaylist }: { fileId: number; likedPlaylist: number }) {
  const { data: liked = [] } = useLikedIds(true);
  const toggle = useToggleLike(likedPlaylist);
  const isLiked = liked.includes(fileId);
  return (
    <IconButton
      aria-label={isLiked ? t.unlike : t.like}
      aria-pressed={isLiked}
      variant="ghost"
      color={isLiked ? 'red.400' : undefined}
      onClick={() => toggle.mutate({ fileId, like: !isLiked })}
    >
      <HeartIcon filled={isLiked} />
    </IconButton>
  );
}
