import { Box, Button, Fieldset, HStack, IconButton, Stack } from '@chakra-ui/react';
import { adminStrings } from '../../../lib/strings';
import type { PostActionValues } from './settings-form-values';
import { TextField } from '../../../ui/text-field';

const t = adminStrings.settings;

/** defaultPost: an ordered list of post-import actions, each a name and JSON options. */
export function PostActionsEditor({
  actions,
  invalidRows,
  onChange,
}: {
  actions: PostActionValues[];
  invalidRows: number[];
  onChange: (actions: PostActionValues[]) => void;
}) {
  const update = (index: number, change: Partial<PostActionValues>) =>
    onChange(actions.map((action, i) => (i === index ? { ...action, ...change } : action)));
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{t.defaultPost}</Fieldset.Legend>
      <Stack gap="3">
        {actions.map((action, index) => (
          <HStack key={index} align="end" gap="3">
            <Box flex="1">
              <TextField
                label={`${t.postName} ${index + 1}`}
                value={action.name}
                onChange={(name) => update(index, { name })}
              />
            </Box>
            <Box flex="2">
              <TextField
                label={`${t.postOptions} ${index + 1}`}
                value={action.options}
                invalid={invalidRows.includes(index)}
                errorText={t.invalidJson}
                onChange={(options) => update(index, { options })}
              />
            </Box>
            <IconButton
              aria-label={`${t.removePost} ${index + 1}`}
              variant="outline"
              onClick={() => onChange(actions.filter((_, i) => i !== index))}
            >
              ×
            </IconButton>
          </HStack>
        ))}
        <Box>
          <Button
            variant="outline"
            onClick={() => onChange([...actions, { name: '', options: '' }])}
          >
            {t.addPost}
          </Button>
        </Box>
      </Stack>
    </Fieldset.Root>
  );
}
