import { links } from '../links';
import { messages as m } from '../messages';

/** The footer, always shown. */
export function Footer() {
  return (
    <footer className="portal-footer">
      <sm-newsletter />
      <nav aria-label={m.footer.social} className="portal-footer-links">
        <a href={links.facebook}>Facebook</a>
        <a href={links.instagram}>Instagram</a>
        <a href={links.youtube}>YouTube</a>
        <a href={links.blog}>{m.footer.blog}</a>
        <a href={links.terms}>{m.footer.terms}</a>
        <a href={links.privacy}>{m.footer.privacy}</a>
      </nav>
      <p>
        © {new Date().getFullYear()} Sacred Music. {m.footer.rights}
      </p>
    </footer>
  );
}
