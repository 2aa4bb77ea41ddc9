import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { hrefFor } from '../../shared/routing/routes';
import { Avatar } from '../../shared/ui/Avatar';
import { useDeps, useT } from '../../shared/ui/WidgetRoot';
import { isMonthly } from '../../shared/session/membership';
import { manageOpen } from './ManageMembership';
import { links } from '../links';
import { useProfile } from '../profile';
import '@messages/portal';

/**
 * Header of the signed-in shell: the user dropdown (avatar, name, Logout). Until the profile is there (and in the
 * prerendered markup, which is the same for everyone) a place of the same size holds the dropdown's button: nothing
 * to press before the portal's code can answer, and nothing moves when the name comes.
 */
export function Header() {
  const t = useT();
  useSignals();
  const { account } = useDeps();
  const user = useProfile();
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menuRef.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const onLogout = async () => {
    await account.logout();
    window.location.hash = '#/login';
    window.location.reload();
  };
  return (
    <header className="portal-header">
      <a className="portal-brand" href={hrefFor('HomePage')}>
        Sacred Music
      </a>
      <nav aria-label={t('portal.nav.label')} className="portal-nav">
        <a href={links.webPlayer}>{t('portal.nav.webPlayer')}</a>
      </nav>
      {user ? (
        <div className="portal-user" ref={menuRef}>
          <button
            type="button"
            className="portal-user-button"
            aria-haspopup="menu"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            <Avatar name={user.name} src={user.avatar} size={36} />
            <span className="portal-user-name">{user.name}</span>
          </button>
          {open ? (
            <div className="portal-menu" role="menu" aria-label={t('portal.user.menu')}>
              <a role="menuitem" href={hrefFor('HomePage')} onClick={() => setOpen(false)}>
                {t('portal.user.home')}
              </a>
              {isMonthly(user) ? (
                <button
                  role="menuitem"
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    manageOpen.value = true;
                  }}
                >
                  {t('portal.membership.manage')}
                </button>
              ) : null}
              <a role="menuitem" href={hrefFor('ChangePasswordUser')} onClick={() => setOpen(false)}>
                {t('portal.user.changePassword')}
              </a>
              <button role="menuitem" type="button" onClick={() => void onLogout()}>
                {t('portal.user.logout')}
              </button>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="portal-user portal-user-place" aria-hidden="true">
          <span className="sm-avatar portal-place" />
          <span className="portal-place portal-user-name" />
        </div>
      )}
    </header>
  );
}
