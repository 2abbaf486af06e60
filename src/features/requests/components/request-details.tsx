import { DataList, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { formatDate, formatDuration } from '../../../../domain/format';
import type { RequestDetail } from '../../../../domain/request';
import type { ReactNode } from 'react';
import { requestsStrings } from '../strings';

const t = requestsStrings;

/** The request's fields as a label/value list; empty fields show a dash. */
export function RequestDetails({ detail }: { detail: RequestDetail }) {
  const { request, user, filledBy } = detail;
  const rows: Array<[string, ReactNode]> = [
    [t.fields.artists, request.requestArtist],
    [t.fields.genres, request.requestGenre],
    [t.fields.key, request.requestKey],
    [t.fields.bpm, request.requestBpm],
    [t.fields.label, request.requestLabel],
    [
      t.fields.duration,
      request.requestDuration === null ? null : formatDuration(request.requestDuration),
    ],
    [t.fields.releaseDate, request.requestReleaseDate],
    [
      t.detail.by,
      user === null ? (
        t.detail.deletedUser
      ) : (
        <ChakraLink asChild>
          <Link to="/user/$id" params={{ id: String(user.userId) }}>
            {user.userName}
          </Link>
        </ChakraLink>
      ),
    ],
    [t.detail.created, formatDate(request.requestCreated)],
  ];
  if (filledBy !== null) rows.push([t.detail.filledBy, filledBy.userName]);
  return (
    <>
      <DataList.Root orientation="horizontal" size="md">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value ?? '–'}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {request.requestDescription ? (
        <Text whiteSpace="pre-wrap" aria-label={t.fields.description}>
          {request.requestDescription}
        </Text>
      ) : null}
    </>
  );
}
