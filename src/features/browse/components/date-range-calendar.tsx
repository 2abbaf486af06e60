import { Box, Button, Grid, HStack, IconButton, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  inRange,
  isoDay,
  monthGrid,
  pickDay,
  shiftMonth,
  yearGrid,
  YEAR_GRID_SIZE,
  type DayRange,
} from '../../../../domain/calendar';
import { strings } from '../../../lib/strings';

const t = strings.browsePage.filters;
const monthName = new Intl.DateTimeFormat('en', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A month calendar for picking a release-date range in two clicks, with a year view of 20
 * years behind the month title. Shows the month of the range's end (or start, or today).
 */
export function DateRangeCalendar({
  range,
  onChange,
}: {
  range: DayRange;
  onChange: (range: DayRange) => void;
}) {
  const shown = range.to || (range.from > '1900-01-01' ? range.from : '');
  const today = new Date();
  const [view, setView] = useState(() =>
    shown
      ? { year: Number(shown.slice(0, 4)), month: Number(shown.slice(5, 7)) - 1 }
      : { year: today.getFullYear(), month: today.getMonth() },
  );
  const [picking, setPicking] = useState<'start' | 'end'>('start');
  const [years, setYears] = useState<number[] | null>(null);
  const title = monthName.format(new Date(Date.UTC(view.year, view.month, 1)));
  const todayIso = isoDay(today.getFullYear(), today.getMonth(), today.getDate());

  const step = (by: number) => setView(shiftMonth(view.year, view.month, by));
  const pick = (day: string) => {
    onChange(pickDay(range, day, picking === 'end'));
    setPicking(picking === 'start' ? 'end' : 'start');
  };

  return (
    <Box role="group" aria-label={t.calendar}>
      <HStack justify="space-between" mb="1">
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={years ? t.previousYears : t.previousMonth}
          onClick={() => (years ? setYears(yearGrid(years[0]! - YEAR_GRID_SIZE)) : step(-1))}
        >
          ‹
        </IconButton>
        <Button
          size="xs"
          variant="ghost"
          aria-label={t.chooseYear(title)}
          aria-expanded={years !== null}
          onClick={() => setYears(years ? null : yearGrid(view.year))}
        >
          {years ? `${years[0]}–${years.at(-1)}` : title}
        </Button>
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={years ? t.nextYears : t.nextMonth}
          onClick={() => (years ? setYears(yearGrid(years[0]! + YEAR_GRID_SIZE)) : step(1))}
        >
          ›
        </IconButton>
      </HStack>
      {years ? (
        <Grid templateColumns="repeat(4, 1fr)" gap="1" data-testid="year-grid">
          {years.map((year) => (
            <Button
              key={year}
              size="xs"
              variant={year === view.year ? 'solid' : 'ghost'}
              onClick={() => {
                setView({ year, month: view.month });
                setYears(null);
              }}
            >
              {year}
            </Button>
          ))}
        </Grid>
      ) : (
        <Grid templateColumns="repeat(7, 1fr)" gap="0.5" textAlign="center">
          {t.weekdays.map((day) => (
            <Text key={day} textStyle="xs" color="fg.muted" aria-hidden>
              {day}
            </Text>
          ))}
          {monthGrid(view.year, view.month)
            .flat()
            .map((day, i) =>
              day ? (
                <Button
                  key={day}
                  size="xs"
                  px="0"
                  minW="0"
                  aria-label={day}
                  aria-pressed={day === range.from || day === range.to}
                  variant={day === range.from || day === range.to ? 'solid' : 'ghost'}
                  bg={
                    inRange(day, range) && day !== range.from && day !== range.to
                      ? 'bg.emphasized'
                      : undefined
                  }
                  fontWeight={day === todayIso ? 'bold' : undefined}
                  onClick={() => pick(day)}
                >
                  {Number(day.slice(8))}
                </Button>
              ) : (
                <Box key={`blank-${i}`} />
              ),
            )}
        </Grid>
      )}
    </Box>
  );
}
