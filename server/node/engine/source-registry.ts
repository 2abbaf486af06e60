import type { DownloadSource } from '../contracts';

/** Why a source name has no engine here, in words an administrator can act on. */
export function missingSourceMessage(name: string): string {
  return name === 'torrent'
    ? 'torrent source unavailable: install aria2'
    : `no downloader for ${name} on this server`;
}

/** The sources this process can run. Plug-ins (deezer, spotify, torrent) register here. */
export class SourceRegistry {
  private readonly sources = new Map<string, DownloadSource>();

  register(source: DownloadSource): this {
    this.sources.set(source.name, source);
    return this;
  }

  get(name: string): DownloadSource | undefined {
    return this.sources.get(name);
  }
}
