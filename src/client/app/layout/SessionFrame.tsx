/**
 * The frame of the pages that read no server data (registration, the not-found page, the dev
 * gallery): the navbar follows the session (see Navbar), with no navigation drawer (StoreFrame's).
 */
import { Navbar } from './Navbar';
import { PageFrame } from './PageFrame';

export default function SessionFrame() {
  return <PageFrame navbar={<Navbar />} />;
}
