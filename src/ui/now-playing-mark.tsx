import { Box } from '@chakra-ui/react';

// Three bars rising and falling; still bars when the reader asks for reduced motion. A React
// 19 hoisted <style> (deduplicated by href), so the glyph needs no theme change.
const css = `
@keyframes now-playing-bar { from { transform: scaleY(0.3); } to { transform: scaleY(1); } }
.now-playing-bar { transform-origin: bottom; animation: now-playing-bar 0.8s ease-in-out infinite alternate; }
.now-playing-bar:nth-child(2) { animation-delay: -0.45s; }
.now-playing-bar:nth-child(3) { animation-delay: -0.2s; }
.now-playing-mark[data-paused] .now-playing-bar { animation-play-state: paused; }
@media (prefers-reduced-motion: reduce) {
  .now-playing-bar { animation: none; transform: scaleY(0.7); }
}`;

/**
 * The equaliser glyph of the current track in lists, with a visually hidden label for screen
 * readers (the row also carries aria-current).
 */
export function NowPlayingMark({ label, paused = false }: { label: string; paused?: boolean }) {
  return (
    <Box
      as="span"
      className="now-playing-mark"
      data-paused={paused ? '' : undefined}
      data-testid="now-playing"
      display="inline-flex"
      alignItems="flex-end"
      gap="2px"
      h="3"
      w="3"
      flexShrink={0}
      color="colorPalette.solid"
      colorPalette="brand"
    >
      <style href="now-playing-mark" precedence="default">
        {css}
      </style>
      {[0, 1, 2].map((bar) => (
        <Box key={bar} as="span" className="now-playing-bar" w="2px" h="full" bg="currentColor" />
      ))}
      <Box as="span" srOnly>
        {label}
      </Box>
    </Box>
  );
}
