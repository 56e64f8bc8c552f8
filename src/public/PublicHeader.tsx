import { useMachine } from '@xstate/react';
import { Link, NavLink } from 'react-router-dom';
import { publicMenuMachine } from '@/machines/public/publicMenu.machine';
import { selectMenuPhase } from '@/machines/public/publicMenu.select';
import { layout } from '@/src/theme/tokens';
import { selectSignedIn } from '@/machines/accounts/session.select';
import { SessionContext } from '@/src/app/session';
import { inspect } from '@/src/app/inspect';
import { Button } from '@/src/ui/Button';
import { Icon } from '@/src/ui/Icon';
import { Logo } from '@/src/common/Logo';
import { useScrolledPast } from '@/src/common/useScrolledPast';
import * as s from './PublicHeader.css';
import { useMessages } from '@/src/i18n/i18n';
import { LanguageSwitch } from '@/src/common/LanguageSwitch';
import type { LanguageChoiceLogic } from '@/src/accounts/languageChoice';
import { publicMessages, type PublicMessage } from './catalogue';

export const publicNav = [
  { to: '/', label: 'nav.home', placeholder: false },
  // A placeholder in the spec: it points at /#.
  { to: '/#', label: 'nav.advertisers', placeholder: true },
  { to: '/contact-us', label: 'nav.contact', placeholder: false },
] as const satisfies readonly { to: string; label: PublicMessage; placeholder: boolean }[];

export function PublicHeader({ languageLogic }: { languageLogic?: LanguageChoiceLogic } = {}) {
  const [menu, send] = useMachine(publicMenuMachine, { inspect });
  const session = SessionContext.useActorRef();
  // The language flow is loaded and started with the first choice (the pages every visitor loads do not carry it).
  const startLanguage = () =>
    import('@/src/accounts/languageChoice').then((m) =>
      m.startLanguageChoice(() => session.getSnapshot().context.jwt, languageLogic),
    );
  const signedIn = SessionContext.useSelector(selectSignedIn);
  const scrolled = useScrolledPast(layout.headerScrollThresholdPx);
  const menuState = selectMenuPhase(menu);
  const close = () => send({ type: 'menu.close' });
  const { t } = useMessages(publicMessages);

  return (
    <header className={s.header} data-scrolled={scrolled ? 'true' : undefined}>
      <div className={s.inner}>
        <Logo />
        <button
          type="button"
          className={s.toggle}
          aria-expanded={menuState === 'open'}
          aria-controls="public-menu"
          onClick={() => send({ type: 'menu.toggle' })}
        >
          <Icon name={menuState === 'open' ? 'close' : 'menu'} size={24} />
          <span className={s.toggleLabel}>{t('header.menu')}</span>
        </button>
        <nav
          id="public-menu"
          aria-label={t('nav.label')}
          className={s.menu}
          data-state={menuState}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && menuState === 'open') close();
          }}
        >
          <ul className={s.links}>
            {publicNav.map((item) => (
              <li key={item.label}>
                {item.placeholder ? (
                  // The spec's placeholder href; a router Link would drop the bare "#".
                  <a href={item.to} className={s.navLink} onClick={close}>
                    {t(item.label)}
                  </a>
                ) : (
                  <NavLink to={item.to} end className={s.navLink} onClick={close}>
                    {t(item.label)}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
          <div className={s.actions}>
            <LanguageSwitch start={startLanguage} signedIn={signedIn} />
            {signedIn ? (
              <Button asChild variant="light">
                <Link to="/dashboard" onClick={close}>
                  {t('header.dashboard')}
                </Link>
              </Button>
            ) : (
              <>
                <Button asChild variant="ghost" className={s.onDarkGhost}>
                  <Link to="/register" onClick={close}>
                    {t('header.signUp')}
                  </Link>
                </Button>
                <Button asChild variant="light">
                  <Link to="/login" onClick={close}>
                    {t('header.login')}
                  </Link>
                </Button>
              </>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
