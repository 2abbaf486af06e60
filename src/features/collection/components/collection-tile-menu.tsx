import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { PurchaseRequest } from '../../../../domain/collection-page';
import { libraryStrings } from '../../../lib/strings';
import { DownloadIcon, MoreIcon, PlaylistAddIcon } from '../../../ui/action-icons';
import { DeferredMenu } from '../../../ui/deferred-menu';
import { collectionQuery } from '../../../common/collections/get-collection';
import { useDownload } from '../../../common/download/use-download';
import { startRadio } from '../../../common/playback/radio';
import { radioStrings } from '../../../common/playback/radio-strings';
import { RadioIcon } from '../../../common/playback/start-radio-button';

const t = libraryStrings.tileMenu;

/** Spec part 1, section 9: the tile menu button is 64 px wide. */
const MENU_BUTTON_WIDTH = '64px';

/**
 * The home tile menu: download the collection (through the payment chooser when it is locked)
 * or add all its tracks to a playlist. The home route renders it for signed-in users only, and
 * not at all in streaming-only mode; it decides that once for the page, so that each of some
 * forty tiles does not watch the session and the settings itself.
 */
export function CollectionTileMenu({
  collection,
  onAddToPlaylist,
  onBuy,
}: {
  collection: { collectionId: number; collectionName: string; collectionPrice: number | null };
  onAddToPlaylist: (fileIds: number[]) => void;
  onBuy: (request: PurchaseRequest) => void;
}) {
  const queryClient = useQueryClient();
  const download = useDownload(onBuy);

  const addToPlaylist = async () => {
    const { files } = await queryClient.fetchQuery(collectionQuery(collection.collectionId));
    const ids = files.filter((entry) => entry.audio !== null).map((entry) => entry.file.fileId);
    if (ids.length > 0) onAddToPlaylist(ids);
  };

  return (
    <DeferredMenu
      positioning={{ placement: 'bottom-end' }}
      trigger={
        <IconButton
          aria-label={t.open(collection.collectionName)}
          variant="subtle"
          size="sm"
          w={MENU_BUTTON_WIDTH}
          minW={MENU_BUTTON_WIDTH}
          data-testid="tile-menu-button"
        >
          <MoreIcon />
        </IconButton>
      }
    >
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item
              value="download"
              onSelect={() => void download({ collection, format: 'original' })}
            >
              <DownloadIcon /> {t.download}
            </Menu.Item>
            <Menu.Item
              value="playlist"
              onSelect={() => void addToPlaylist().catch(() => undefined)}
            >
              <PlaylistAddIcon /> {t.addToPlaylist}
            </Menu.Item>
            <Menu.Item
              value="radio"
              onSelect={() => void startRadio({ kind: 'collection', id: collection.collectionId })}
            >
              <RadioIcon /> {radioStrings.startRadio}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </DeferredMenu>
  );
}
