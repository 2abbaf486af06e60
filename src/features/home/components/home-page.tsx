import { useSession } from '../../../app/session';
import { strings } from '../../../lib/strings';
import { PageHeading } from '../../../ui/page-heading';

/** The greeting; the library issue adds the collection rows and playlists below it. */
export function HomePage() {
  const { data: session } = useSession();
  return (
    <PageHeading title={strings.home.welcome(session?.user.userName ?? '')}>
      {strings.home.intro}
    </PageHeading>
  );
}
