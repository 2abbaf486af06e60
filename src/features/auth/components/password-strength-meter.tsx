import { Box, HStack, Text } from '@chakra-ui/react';
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { useDeferredValue, useMemo } from 'react';
import { strings } from '../../../lib/strings';

const t = strings.register;

// This module is loaded lazily by the register page (~1 MB of dictionaries): first-load
// figures of every other page do not carry it.
zxcvbnOptions.setOptions({ graphs: adjacencyGraphs, dictionary });

const COLOURS = ['red.solid', 'orange.solid', 'yellow.solid', 'teal.solid', 'green.solid'];

/** Five bars and a word: zxcvbn's score (0..4) of the password, the user's own names counted. */
export default function PasswordStrengthMeter({
  password,
  userInputs,
}: {
  password: string;
  userInputs: string[];
}) {
  // Scoring a long password takes a few milliseconds: typing stays ahead of it.
  const deferred = useDeferredValue(password);
  const score = useMemo(
    (): number => (deferred === '' ? -1 : zxcvbn(deferred, userInputs).score),
    [deferred, userInputs],
  );
  if (score < 0) return null;
  const label = (t.strengthLevels as readonly string[])[score] ?? '';
  return (
    <HStack gap="2" data-testid="password-strength" data-score={score}>
      <HStack
        gap="1"
        flex="1"
        role="meter"
        aria-label={t.strength}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-valuetext={label}
      >
        {COLOURS.map((colour, index) => (
          <Box
            key={colour}
            h="1.5"
            flex="1"
            borderRadius="full"
            bg={index <= score ? (COLOURS[score] ?? colour) : 'bg.emphasized'}
          />
        ))}
      </HStack>
      <Text textStyle="xs" color="fg.muted" minW="20" textAlign="end">
        {label}
      </Text>
    </HStack>
  );
}
