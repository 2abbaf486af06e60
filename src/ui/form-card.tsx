import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

interface FormCardProps {
  title: string;
  /** A muted line under the title. */
  intro?: string;
  /** With a submit, the children are the form's fields and the card ends in its button. */
  submit?: {
    label: string;
    onSubmit: () => void;
    loading: boolean;
    disabled?: boolean;
    /** Said under the button (why it is disabled); the button is described by it. */
    note?: ReactNode;
  };
  /** Below the form: links to the other account pages. */
  after?: ReactNode;
  children: ReactNode;
}

const SUBMIT_NOTE_ID = 'form-card-submit-note';

/** The narrow centred card of the sign-in, registration, password and contact forms. */
export function FormCard({ title, intro, submit, after, children }: FormCardProps) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Enter in a field submits too: a pending or disabled form must not send twice.
    if (submit && !submit.loading && !submit.disabled) submit.onSubmit();
  };
  return (
    <Box
      maxW="md"
      mx="auto"
      mt={{ base: '4', md: '10' }}
      p={{ base: '5', md: '8' }}
      borderWidth="1px"
      borderRadius="lg"
      bg="bg.panel"
    >
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {intro !== undefined && <Text color="fg.muted">{intro}</Text>}
        {submit ? (
          <Stack as="form" gap="4" onSubmit={onSubmit}>
            {children}
            <Button
              type="submit"
              colorPalette="teal"
              loading={submit.loading}
              disabled={submit.disabled}
              aria-describedby={submit.note === undefined ? undefined : SUBMIT_NOTE_ID}
              mt="2"
            >
              {submit.label}
            </Button>
            {submit.note === undefined ? null : (
              <Box id={SUBMIT_NOTE_ID} textStyle="sm" color="fg.muted" aria-live="polite">
                {submit.note}
              </Box>
            )}
          </Stack>
        ) : (
          children
        )}
        {after}
      </Stack>
    </Box>
  );
}
