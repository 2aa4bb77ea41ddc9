/**
 * The dialogs over any view of <sm-login>: the emulator's test-account step of a social sign-in
 * (the sandbox only), and the app link's account switch, "Continue as <email>?".
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { ConfirmDialog } from '../../shared/ui/Dialog';
import { TextField } from '../../shared/ui/Field';
import { useT } from '../../shared/ui/WidgetRoot';
import type { SocialModel } from './social.model';
import type { SwitchModel } from './switch.model';
import '@messages/login';

export function TestAccountDialog({ social }: { social: SocialModel }) {
  const t = useT();
  useSignals();
  const provider = social.testAccountFor.value;
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [verified, setVerified] = useState(true);
  if (!provider) return null;
  const title = t(`login.social.names.${provider}`);
  const ready = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) && name.trim() !== '';
  return (
    <ConfirmDialog
      title={t('login.social.testTitle', { provider: title })}
      text={t('login.social.testText', { provider: title })}
      confirm={t('login.social.testContinue')}
      confirmDisabled={!ready}
      onConfirm={() =>
        void social.continueWithTestAccount({ email: email.trim(), name: name.trim(), emailVerified: verified })
      }
      cancel={t('login.social.testCancel')}
      onCancel={() => social.cancelTestAccount()}
    >
      <div className="sm-stack">
        <TextField
          label={t('login.social.testEmail')}
          type="email"
          value={email}
          onValue={setEmail}
          autoComplete="off"
        />
        <TextField label={t('login.social.testName')} value={name} onValue={setName} autoComplete="off" />
        <label className="sm-row">
          <input type="checkbox" checked={verified} onChange={(event) => setVerified(event.currentTarget.checked)} />
          <span>{t('login.social.testVerified')}</span>
        </label>
      </div>
    </ConfirmDialog>
  );
}

/** 'Continue as <email>?': a link from the app for another account than the one signed in here. */
export function AppSwitchDialog({
  model,
}: {
  model: Pick<SwitchModel, 'appSwitch' | 'continueAsAppAccount' | 'stayAsCurrent'>;
}) {
  const t = useT();
  useSignals();
  const ask = model.appSwitch.value;
  if (!ask) return null;
  return (
    <ConfirmDialog
      title={t('login.login.switchTitle', { email: ask.email })}
      text={
        ask.current
          ? t('login.login.switchText', { current: ask.current, email: ask.email })
          : t('login.login.switchTextSomeone', { email: ask.email })
      }
      confirm={t('login.login.switchContinue', { email: ask.email })}
      onConfirm={() => void model.continueAsAppAccount()}
      cancel={ask.current ? t('login.login.switchStay', { current: ask.current }) : t('login.login.switchStaySomeone')}
      onCancel={() => void model.stayAsCurrent()}
    />
  );
}
