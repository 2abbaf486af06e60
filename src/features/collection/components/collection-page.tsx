import { Button, Stack, Text } from '@chakra-ui/react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue, useEffect, type ReactNode } from 'react';
import { canPlayFull, isFree, isStreamingOnly } from '../../../../domain/access';
import type { PurchaseRequest } from '../../../../domain/collection-page';
import { collectionPath, parseCollectionId } from '../../../../domain/slug';
import { tracksOfCollection } from '../../../../domain/playback';
import type { Track } from '../../../../domain/track';
import { usePublicSettings, useSession } from '../../../common/session';
import { libraryStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import type { SaveOfflineStatus } from '../../../ui/save-offline-button';
import { LoadError } from '../../../ui/load-error';
import { PageDrawn } from '../../../ui/page-drawn';
import { useCollection } from '../../../common/collections/get-collection';
import { useUnlocked } from '../../../common/collections/get-unlocked';
import { CollectionBody } from './collection-body';
import { CollectionHeader } from './collection-header';
import { Recommendations } from './recommendations';
import { loadWhenOnline } from '../../../lib/load-when-online';

// Only administrators see it, below the tracks: its form loads after the page, not before it.
const AdminSection = lazy(() =>
  loadWhenOnline(() =>
    import('./admin-section').then((module) => ({ default: module.AdminSection })),
  ),
);

export interface CollectionPageProps {
  collectionId: number;
  onPlayTracks: (tracks: Track[], startIndex: number) => void;
  /** Pause and resume the player, for Play becoming Pause while this collection plays. */
  onPause: () => void;
  onResume: () => void;
  onAddToPlaylist: (fileIds: number[]) => void;
  likedIds: ReadonlySet<number>;
  onToggleLike: (fileId: number, liked: boolean) => void;
  onBuy: (request: PurchaseRequest) => void;
  /** The comments section for the collection's comment group (from the comments feature). */
  renderComments: (groupId: number) => ReactNode;
  /** "Save offline" (from the offline feature); shown in streaming-only mode too. */
  onSaveOffline?: () => void;
  saveOfflineStatus?: SaveOfflineStatus;
  /** "Share" (from the share feature, passed in by the route). */
  shareAction?: ReactNode;
}

/** /collection/{id}-{slug}: everything about one collection (spec part 1, section 2). */
export function CollectionPage(props: CollectionPageProps) {
  const { collectionId, onBuy } = props;
  const { data: session } = useSession();
  const { data: settings } = usePublicSettings();
  const collectionQuery = useCollection(collectionId);
  const unlockedQuery = useUnlocked(collectionId);
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });

  const name = collectionQuery.data?.collection.collectionName;
  useEffect(() => {
    if (name === undefined) return;
    // Only while this collection's address is shown: on the way to another page the old
    // page is still mounted for a moment, and must not pull the address back.
    const prefix = '/collection/';
    const current = decodeURI(pathname);
    if (!current.startsWith(prefix)) return;
    if (parseCollectionId(current.slice(prefix.length)) !== collectionId) return;
    // The address always reads /collection/{id}-{slug}, whichever alias or slug was opened.
    const target = collectionPath(collectionId, name);
    if (current !== target)
      void navigate({
        to: '/collection/$id',
        params: { id: target.slice(prefix.length), collectionId },
        replace: true,
      });
  }, [collectionId, name, pathname, navigate]);

  const loading = <CenteredSpinner label={libraryStrings.collection.loading} />;
  // Every render of the page (its data arriving, the unlocked state, likes, the session) runs in
  // a transition, in slices; the store update that asks for it keeps what is on screen meanwhile.
  return useDeferredValue(pageContent(), loading);

  function pageContent(): ReactNode {
    // Offline and never fetched: the query waits for the network, so say so instead of spinning.
    if (collectionQuery.isPending && collectionQuery.fetchStatus === 'paused')
      return (
        <Stack gap="3" align="start" data-testid="collection-offline">
          <Text fontWeight="semibold">{libraryStrings.collection.offlineTitle}</Text>
          <Text color="fg.muted">{libraryStrings.collection.offlineBody}</Text>
          <Button asChild size="sm" variant="outline">
            <Link to="/offline">{libraryStrings.collection.offlineLink}</Link>
          </Button>
        </Stack>
      );
    if (collectionQuery.isError)
      return (
        <>
          <PageDrawn />
          <LoadError error={collectionQuery.error} />
        </>
      );
    if (!collectionQuery.data || !session) return loading;

    const { collection, files } = collectionQuery.data;
    const unlocked = unlockedQuery.data ?? { unlocked: false, transcode: false };
    const admin = session.user.isAdmin;
    const fullPlay = canPlayFull(collection, unlocked.unlocked, session.role);
    const locked = !isFree(collection) && !unlocked.unlocked;
    // Queue order is list order; every audio file is a track (spec part 1, section 4).
    const audioFiles = files.filter((entry) => entry.audio !== null);
    const tracks = tracksOfCollection({ collection, files: audioFiles }, fullPlay);
    const buy = () =>
      onBuy({
        collectionId,
        collectionName: collection.collectionName,
        price: collection.collectionPrice ?? 0,
        transcode: false,
      });

    return (
      <Stack gap="8">
        <PageDrawn />
        <CollectionHeader
          collection={collection}
          unlocked={unlocked.unlocked}
          canPlay={tracks.length > 0}
          onPlayAll={() => props.onPlayTracks(tracks, 0)}
          onPause={props.onPause}
          onResume={props.onResume}
          onBuy={locked && unlockedQuery.isSuccess ? buy : undefined}
          onSaveOffline={props.onSaveOffline}
          saveOfflineStatus={props.saveOfflineStatus}
          shareAction={props.shareAction}
        />
        <CollectionBody
          {...props}
          collection={collection}
          files={files}
          admin={admin}
          tracks={tracks}
          streamingOnly={isStreamingOnly(session.role, settings)}
        />
        {admin ? (
          <Suspense fallback={null}>
            <AdminSection collection={collection} collectionTags={settings?.collectionTags ?? []} />
          </Suspense>
        ) : null}
        <Recommendations collectionId={collectionId} />
        {collection.commentGroupId !== null
          ? props.renderComments(collection.commentGroupId)
          : null}
      </Stack>
    );
  }
}
