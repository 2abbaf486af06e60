import { Button, HStack, Switch } from '@chakra-ui/react';
import { strings } from '../../../lib/strings';

const t = strings.browsePage;

/**
 * Admin delete mode: the switch, and while on, select all / unselect all / delete. All three
 * show the number selected (spec part 1, Browse screen); `total` only says whether there is
 * anything to select.
 */
export function DeleteToolbar({
  enabled,
  onEnabledChange,
  total,
  selectedCount,
  onSelectAll,
  onUnselectAll,
  onDelete,
}: {
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  total: number;
  selectedCount: number;
  onSelectAll: () => void;
  onUnselectAll: () => void;
  onDelete: () => void;
}) {
  return (
    <HStack gap="2" wrap="wrap">
      <Switch.Root
        checked={enabled}
        onCheckedChange={(details) => onEnabledChange(details.checked)}
        colorPalette="red"
        size="sm"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t.deleteMode}</Switch.Label>
      </Switch.Root>
      {enabled ? (
        <>
          <Button size="xs" variant="outline" onClick={onSelectAll} disabled={total === 0}>
            {t.selectAll(selectedCount)}
          </Button>
          <Button
            size="xs"
            variant="outline"
            onClick={onUnselectAll}
            disabled={selectedCount === 0}
          >
            {t.unselectAll(selectedCount)}
          </Button>
          <Button size="xs" colorPalette="red" onClick={onDelete} disabled={selectedCount === 0}>
            {t.deleteSelected(selectedCount)}
          </Button>
        </>
      ) : null}
    </HStack>
  );
}
