import { useT } from '../../shared/ui/WidgetRoot';
import { links } from '../links';
import '@messages/portal';

/** The footer, always shown. */
export function Footer() {
  const t = useT();
  return (
    <footer className="portal-footer">
      <sm-newsletter />
      <nav aria-label={t('portal.footer.social')} className="portal-footer-links">
        <a href={links.facebook}>Facebook</a>
        <a href={links.instagram}>Instagram</a>
        <a href={links.youtube}>YouTube</a>
        <a href={links.blog}>{t('portal.footer.blog')}</a>
        <a href={links.terms}>{t('portal.footer.terms')}</a>
        <a href={links.privacy}>{t('portal.footer.privacy')}</a>
      </nav>
      <p>
        © {new Date().getFullYear()} Sacred Music. {t('portal.footer.rights')}
      </p>
    </footer>
  );
}
