import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSupport } from '../../features/site-status';
import { fetchContentPage } from '../../features/content/content.api';
import { paths } from '../../shared/routing/paths';

// On every page: the content pages, Support (SUPPORT_URL, the bot in Telegram, else the support page), 18+, responsible-gambling help and the
// brand's licence text (an operator-edited content page, per brand and language).
export function Footer() {
  const { t, i18n } = useTranslation();
  const support = useSupport();
  const [licence, setLicence] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchContentPage('licence', i18n.language).then(
      (p) => live && setLicence(p.body),
      () => live && setLicence(null),
    );
    return () => {
      live = false;
    };
  }, [i18n.language]);
  return (
    <footer className="app-footer" data-testid="app-footer" aria-label={t('footer.label')}>
      <nav className="app-footer__links">
        <Link href={paths.content('terms')}>{t('footer.terms')}</Link>
        <Link href={paths.content('privacy')}>{t('footer.privacy')}</Link>
        <Link href={paths.content('responsible-gambling')} data-testid="footer-rg">
          {t('footer.responsible')}
        </Link>
        <a
          href={support.href}
          data-testid="footer-support"
          onClick={(e) => {
            e.preventDefault();
            support.open();
          }}
        >
          {t('footer.support')}
        </a>
      </nav>
      <p className="app-footer__rg">
        <span className="app-footer__adult" role="img" aria-label={t('footer.adult_label')} data-testid="footer-18">
          {t('footer.adult')}
        </span>
        <span>
          {t('footer.rg_text')} <Link href={paths.content('responsible-gambling')}>{t('footer.rg_help')}</Link>
        </span>
      </p>
      {licence && (
        <p className="app-footer__licence" data-testid="footer-licence">
          {licence}
        </p>
      )}
    </footer>
  );
}
