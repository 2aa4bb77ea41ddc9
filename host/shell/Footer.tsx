import { useSignals } from '@preact/signals-react/runtime';
import { LANGUAGES } from '../../shared/i18n/languages';
import { useT } from '../../shared/ui/WidgetRoot';
import { chooseLanguage, LANGUAGE_NAMES, portalChoice } from '../language';
import { links } from '../links';
import '@messages/portal';

/** The footer, always shown, with the portal's language menu. */
export function Footer() {
  useSignals();
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
      <p className="portal-language">
        {/* Named in every language at once: whoever cannot read the current one still finds it. */}
        <select
          aria-label={t('portal.footer.language')}
          value={portalChoice.value}
          onChange={(event) => chooseLanguage(event.currentTarget.value)}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </p>
      <p>
        © {new Date().getFullYear()} Sacred Music. {t('portal.footer.rights')}
      </p>
    </footer>
  );
}
