/** The frame of every page but the login page: the navbar follows the session (see Navbar). */
import { Navbar } from './Navbar';
import { PageFrame } from './PageFrame';

export default function SessionFrame() {
  return <PageFrame navbar={<Navbar />} />;
}
