import type { FastifyBaseLogger } from 'fastify';
import { FolderFollower } from './folder-follower';

/**
 * One FolderFollower per library (decision 0057): started for the libraries in use, stopped for
 * removed ones, and each asks for a scan of its own library only.
 */
export class LibraryFollowers {
  private readonly followers = new Map<number, { path: string; follower: FolderFollower }>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly requestScan: (libraryId: number) => Promise<void>,
  ) {}

  /** Follows exactly these libraries: new ones start, gone or moved ones stop. */
  async sync(libraries: ReadonlyArray<{ libraryId: number; path: string }>): Promise<void> {
    const wanted = new Map(libraries.map((library) => [library.libraryId, library.path]));
    for (const [libraryId, { path, follower }] of this.followers) {
      if (wanted.get(libraryId) === path) continue;
      follower.stop();
      this.followers.delete(libraryId);
    }
    for (const [libraryId, path] of wanted) {
      if (this.followers.has(libraryId)) continue;
      const follower = new FolderFollower(path, () => this.requestScan(libraryId), this.log);
      this.followers.set(libraryId, { path, follower });
      await follower.start();
    }
  }

  stop(): void {
    for (const { follower } of this.followers.values()) follower.stop();
    this.followers.clear();
  }
}
