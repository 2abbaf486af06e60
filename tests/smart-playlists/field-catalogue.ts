import type { SmartPlaylistInput } from '../../domain/smart-playlist';
import { adminId, perFile, setUpLibrary, withMember } from '../helpers/setup';
import { fileIdByTitle, insertListens, isoDaysAgo, sortedTitles } from './smart-helpers';

/**
 * The known catalogue every field and operator is tested against: the fixture library
 * (tests/helpers/catalogue-fixture) with the member's plays, like, favourite and rating.
 * Mareas (Ana Ruiz, House, Sello Azul, 2024-01-15, tags New/Featured): Ola 8 s, Espuma 6 s (FLAC);
 * Night Works (Björk Test, Techno, Copper Tape, 2023-06-01, Club): Piston 40 s MP3, Gear 5 s ALAC
 * (Gear added 2020-05-05); Room Tone (Mira Vale, Ambient, Sello Azul, 2022-03-03, Chill, in a
 * second library): Room Tone 4 s WAV; Demos (hidden): Demo One, which a member never sees.
 * The member played Ola twice lately and Piston on 2020-01-01, likes Espuma, favours Mareas and
 * rates Room Tone 4.
 */
export const ALL = ['Espuma', 'Gear', 'Ola', 'Piston', 'Room Tone'];
export type Rule = SmartPlaylistInput['rules'][number];

export function fieldCatalogue() {
  const setup = perFile(async () => {
    const c = await withMember(await setUpLibrary());
    const { t, user } = c;
    await insertListens(t, user.userId, 'Ola', [isoDaysAgo(1), isoDaysAgo(2)]);
    await insertListens(t, user.userId, 'Piston', ['2020-01-01T10:00:00Z']);
    // Someone else's plays never count in the member's own playlists.
    await insertListens(t, await adminId(t), 'Gear', [isoDaysAgo(1)]);
    const liked = (
      await t.db
        .selectFrom('users')
        .select('liked_playlist')
        .where('user_id', '=', user.userId)
        .executeTakeFirstOrThrow()
    ).liked_playlist;
    await t.db
      .insertInto('playlist_files')
      .values({
        playlist_id: Number(liked),
        file_id: await fileIdByTitle(t, 'Espuma'),
        position: 0,
        added_at: isoDaysAgo(0),
      })
      .execute();
    await t.db
      .insertInto('stars')
      .values({
        user_id: user.userId,
        kind: 'album',
        item_id: c.fx.ids.free,
        created_at: isoDaysAgo(0),
      })
      .execute();
    await t.db
      .insertInto('ratings')
      .values({
        user_id: user.userId,
        kind: 'song',
        item_id: await fileIdByTitle(t, 'Room Tone'),
        rating: 4,
      })
      .execute();
    await t.db
      .updateTable('files')
      .set({ added_at: '2020-05-05T12:00:00.000Z' })
      .where('file_id', '=', await fileIdByTitle(t, 'Gear'))
      .execute();
    const library = await t.db
      .insertInto('libraries')
      .values({
        name: 'Second',
        path: '/tmp/second-library',
        created_at: isoDaysAgo(0),
        removed_at: null,
      })
      .returning('library_id')
      .executeTakeFirstOrThrow();
    const libraryId = Number(library.library_id);
    await t.db
      .updateTable('collections')
      .set({ library_id: libraryId })
      .where('collection_id', '=', c.fx.ids.single)
      .execute();
    return { ...c, libraryId };
  });
  /** The titles one rule lists for the member, sorted. */
  const only = (rule: Rule) => sortedTitles(setup.user, { rules: [rule] });
  return { c: setup, only };
}
