/// <reference types="mocha" />
import { expect } from 'chai';
import '../../widgets/login/login.element';
import { ANN_REGISTRATION, COUNTRIES } from '../../widgets/login/login.fixtures';
import { testProfile } from '../../shared/deps/testing';
import { connectionFor } from '../../shared/session/connection';
import {
  blur,
  byLabel,
  byRole,
  cleanup,
  contrastOverPage,
  expectAccessible,
  failed,
  fakeApiPerTest,
  fixture,
  ok,
  onThePortalPage,
  text,
  type,
  waitFor,
} from '../../tests/element/support';

const profile = testProfile();

const session = connectionFor('').session;

/** Opens the email form and logs in with an email and a password, as a person would. */
async function logIn(el: HTMLElement, email: string, password: string): Promise<void> {
  byRole(el, 'button', 'Continue with Email').click();
  await waitFor(() => el.shadowRoot!.querySelector('form'));
  type(byLabel(el, 'Email'), email);
  type(byLabel(el, 'Password'), password);
  byRole(el, 'button', 'Log In').click();
}

/** Opens the email sign-up form and, once the countries are in, gives Ann's name, email and country, as a person would. */
async function startSignUp(el: HTMLElement): Promise<void> {
  byRole(el, 'button', 'Continue with Email').click();
  await waitFor(() => (byLabel(el, 'Country') as HTMLSelectElement).options.length === 3);
  type(byLabel(el, 'First Name'), 'Ann');
  type(byLabel(el, 'Last Name'), 'Lee');
  type(byLabel(el, 'Email'), 'ann@example.org');
  type(byLabel(el, 'Country'), 'US');
}

describe('<sm-login>', () => {
  const serve = fakeApiPerTest();

  it('is defined once, even when its script runs twice', async () => {
    await import('../../widgets/login/login.element');
    expect(customElements.get('sm-login')).to.be.a('function');
  });

  it('shows the first view with three providers, Email and Sign Up, and passes axe', async () => {
    const el = await fixture('<sm-login></sm-login>');
    expect(el.shadowRoot).to.not.equal(null);
    for (const name of ['Continue with Google', 'Continue with Facebook', 'Continue with Apple', 'Continue with Email'])
      byRole(el, 'button', name);
    expect(text(el)).to.contain("Don't Have an Account?");
    expect(byRole(el, 'tab', 'Log In').getAttribute('aria-selected')).to.equal('true');
    await expectAccessible(el);
  });

  it("in Filipino, writes the mixed verbs as Philippine apps do ('Mag-sign up', 'Mag-log in')", async () => {
    const el = await fixture('<sm-login language="fil"></sm-login>');
    await waitFor(() => text(el).includes('Magpatuloy gamit ang Email'));
    expect(byRole(el, 'tab', 'Mag-log in').getAttribute('aria-selected')).to.equal('true');
    byRole(el, 'tab', 'Mag-sign up');
    byRole(el, 'button', 'Mag-sign up');
    expect(text(el)).not.to.match(/Mag-(sign|log) (Up|In)/);
  });

  it('says plainly when social sign-in is not configured on the page', async () => {
    const el = await fixture('<sm-login></sm-login>');
    byRole(el, 'button', 'Continue with Google').click();
    await waitFor(() => text(el).includes('Signing in with Google is not available here'));
  });

  it('signs in, shows the server message under the password on failure, and emits sm-signed-in', async () => {
    let attempts = 0;
    serve({
      'POST /webclient/auth/login': () =>
        ++attempts === 1
          ? failed(400, 'The email or password is incorrect.')
          : ok({ access_token: 't1', token_type: 'Bearer', expires_in: 3600 }, 'ok'),
      'GET /webclient/account/profile': () => ok(profile),
    });
    const el = await fixture('<sm-login></sm-login>');
    const signedIn = new Promise<CustomEvent>((resolve) =>
      document.addEventListener('sm-signed-in', (e) => resolve(e as CustomEvent), { once: true }),
    );
    byRole(el, 'button', 'Continue with Email').click();
    await waitFor(() => el.shadowRoot!.querySelector('form'));
    // Required fields, shown after trying to submit
    byRole(el, 'button', 'Log In').click();
    await waitFor(() => text(el).includes('This is a required field.'));
    type(byLabel(el, 'Email'), 'listener@example.org');
    type(byLabel(el, 'Password'), 'wrong-pass');
    byRole(el, 'button', 'Log In').click();
    await waitFor(() => text(el).includes('The email or password is incorrect.'));
    const password = byLabel(el, 'Password');
    const described = el.shadowRoot!.getElementById(password.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(described?.textContent).to.equal('The email or password is incorrect.');
    await expectAccessible(el);
    type(password, 'listen-2026');
    byRole(el, 'button', 'Log In').click();
    const event = await signedIn;
    expect(event.detail).to.deep.equal({ email: 'listener@example.org', name: 'Grace Listener' });
    expect(event.bubbles && event.composed).to.equal(true);
    expect(session.user.value?.email).to.equal('listener@example.org');
    await waitFor(() => location.hash === '#/home');
  });

  it("shows 'please wait' over the form while signing in, readable over a white page", async () => {
    let answer!: () => void;
    serve({
      'POST /webclient/auth/login': () => new Promise((resolve) => (answer = () => resolve(failed(400, 'No.')))),
    });
    const el = await fixture('<sm-login></sm-login>');
    await logIn(el, 'listener@example.org', 'listen-2026');
    const overlay = await waitFor(() => el.shadowRoot!.querySelector('[part~="overlay"]'));
    // axe cannot tell what lies under a see-through overlay here; over a white page its text must still read (WCAG AA).
    expect(contrastOverPage(overlay!, [255, 255, 255])).to.be.at.least(4.5);
    await expectAccessible(el);
    answer();
    await waitFor(() => text(el).includes('No.'));
  });

  it('flags an unverified email and offers to resend', async () => {
    serve({
      'POST /webclient/auth/login': () => failed(403, 'Please verify your email before logging in.'),
      'POST /webclient/auth/resend-activation': () => ok(null, 'sent'),
    });
    const el = await fixture('<sm-login></sm-login>');
    await logIn(el, 'unverified@example.org', 'unverified-2026');
    await waitFor(() => text(el).includes('Your email is not verified yet.'));
    byRole(el, 'button', 'Resend verification email').click();
    await waitFor(() => text(el).includes('Resend Email Sent'));
    const dialog = el.shadowRoot!.querySelector('[role="dialog"]');
    expect(dialog?.getAttribute('aria-modal')).to.equal('true');
  });

  it('switches tabs with the arrow keys, and its view attribute (in the portal, the address) follows', async () => {
    onThePortalPage();
    const el = await fixture('<sm-login view="login"></sm-login>');
    const logIn = byRole(el, 'tab', 'Log In');
    logIn.focus();
    logIn.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    await waitFor(() => byRole(el, 'tab', 'Sign Up').getAttribute('aria-selected') === 'true');
    expect(el.shadowRoot!.activeElement?.textContent).to.equal('Sign Up');
    expect(el.getAttribute('view')).to.equal('register');
    expect(location.hash).to.equal('#/register');
  });

  it('shows the view its attribute names, when the page changes it', async () => {
    const el = await fixture('<sm-login view="login"></sm-login>');
    el.setAttribute('view', 'forgot-password');
    await waitFor(() => text(el).includes('Enter your email and we will send you a link to set a new password.'));
    byRole(el, 'button', 'Back to Log In').click();
    await waitFor(() => el.getAttribute('view') === 'login' && byRole(el, 'button', 'Continue with Email'));
  });

  it('validates the sign-up form only after a field is touched, with the message of each rule', async () => {
    serve({ 'GET /api/country': () => ok(COUNTRIES) });
    const el = await fixture('<sm-login view="register"></sm-login>');
    byRole(el, 'button', 'Continue with Email').click();
    await waitFor(() => el.shadowRoot!.querySelector('form'));
    expect(text(el)).not.to.contain('This is a required field.');
    expect(text(el)).not.to.contain('Phone Number');
    const first = byLabel(el, 'First Name');
    blur(first);
    await waitFor(() => text(el).includes('This is a required field.'));
    type(byLabel(el, 'Email'), 'nope');
    blur(byLabel(el, 'Email'));
    await waitFor(() => text(el).includes('This is a required field and must be a valid email.'));
    await waitFor(() => (byLabel(el, 'Country') as HTMLSelectElement).options.length === 3);
    type(byLabel(el, 'Country'), 'PH');
    const phone = await waitFor(() => text(el).includes('Phone Number') && byLabel(el, 'Phone Number'));
    expect(text(el)).to.contain('+63');
    type(phone, '12a');
    blur(phone);
    await waitFor(() => text(el).includes('must be a numeric character.'));
    type(byLabel(el, 'Password'), '123');
    blur(byLabel(el, 'Password'));
    await waitFor(() => text(el).includes('This is a required field and have a minimum 6 characters.'));
    type(byLabel(el, 'Confirm Password'), '1234');
    blur(byLabel(el, 'Confirm Password'));
    await waitFor(() => text(el).includes('This is a required field and must match the password field.'));
    // show/hide toggle
    const toggle = byRole(el, 'button', 'Show password');
    toggle.click();
    await waitFor(() => (byLabel(el, 'Password') as HTMLInputElement).type === 'text');
    await expectAccessible(el);
    // Back resets the form
    byRole(el, 'button', /Back/).click();
    (
      await waitFor(() => text(el).includes('Continue with Email') && byRole(el, 'button', 'Continue with Email'))
    ).click();
    await waitFor(() => el.shadowRoot!.querySelector('form'));
    expect((byLabel(el, 'Email') as HTMLInputElement).value).to.equal('');
  });

  it('registers and shows the thank-you view with resend and Go to Login', async () => {
    let body: Record<string, unknown> = {};
    serve({
      'GET /api/country': () => ok(COUNTRIES),
      'POST /webclient/auth/register': (init) => {
        body = JSON.parse(String(init.body));
        return ok(null, 'Thank you for registering.');
      },
    });
    const el = await fixture('<sm-login view="register"></sm-login>');
    const registered = new Promise<CustomEvent>((resolve) =>
      el.addEventListener('sm-registered', (e) => resolve(e as CustomEvent), { once: true }),
    );
    await startSignUp(el);
    await waitFor(() => text(el).includes('Phone Number'));
    type(byLabel(el, 'Phone Number'), '5551234');
    type(byLabel(el, 'Gender'), 'Female');
    type(byLabel(el, 'Password'), 'secret-1');
    type(byLabel(el, 'Confirm Password'), 'secret-1');
    byRole(el, 'button', 'Sign Up').click();
    expect((await registered).detail).to.deep.equal({ email: 'ann@example.org' });
    await waitFor(() => text(el).includes('Thank You for Signing Up!'));
    byRole(el, 'button', 'Go to Login');
    byRole(el, 'button', 'Resend');
    expect(body).to.deep.equal(ANN_REGISTRATION);
  });

  it('shows a registration failure in an Error dialog that Escape closes', async () => {
    serve({
      'GET /api/country': () => ok(COUNTRIES),
      'POST /webclient/auth/register': () => failed(400, 'country_code: unknown country'),
    });
    const el = await fixture('<sm-login view="register"></sm-login>');
    await startSignUp(el);
    type(byLabel(el, 'Password'), 'secret-1');
    type(byLabel(el, 'Confirm Password'), 'secret-1');
    byRole(el, 'button', 'Sign Up').click();
    const dialog = await waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('[role="alertdialog"]'));
    expect(dialog.textContent).to.contain('Error');
    expect(dialog.textContent).to.contain('country_code: unknown country');
    expect(el.shadowRoot!.activeElement?.textContent).to.equal('OK');
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => !el.shadowRoot!.querySelector('[role="alertdialog"]'));
  });

  it('set new password: refuses a malformed link and checks the three messages', async () => {
    history.replaceState(null, '', `${location.pathname}#/change-password?t=${encodeURIComponent('not base64!')}`);
    const bad = await fixture('<sm-login view="change-password"></sm-login>');
    await waitFor(() => text(bad).includes('This reset link is invalid or has expired.'));
    expect(location.hash).to.equal('#/change-password');
    cleanup();
    const api = serve({
      'POST /dashboard/auth/change-password': () => ok(null, 'Your password has been updated. You can now log in.'),
    });
    history.replaceState(
      null,
      '',
      `${location.pathname}#/change-password?t=${encodeURIComponent(btoa('ann@example.org#tok123'))}`,
    );
    const el = await fixture('<sm-login view="change-password"></sm-login>');
    byRole(el, 'button', 'Submit').click();
    await waitFor(
      () => text(el).includes('Please fill the password.') && text(el).includes('Please fill the confirm password.'),
    );
    type(byLabel(el, 'Password'), 'new-pass');
    type(byLabel(el, 'Confirm Password'), 'other');
    await waitFor(() => text(el).includes('Please fill correct the confirm password.'));
    type(byLabel(el, 'Confirm Password'), 'new-pass');
    byRole(el, 'button', 'Submit').click();
    await waitFor(() => text(el).includes('Your password has been updated.'));
    byRole(el, 'link', 'Log In');
    expect(JSON.parse(String(api.calls[0]!.init.body))).to.deep.equal({
      email: 'ann@example.org',
      token: 'tok123',
      password: 'new-pass',
    });
  });

  it('shows login for a view it does not have', async () => {
    const el = await fixture('<sm-login view="bogus"></sm-login>');
    byRole(el, 'button', 'Continue with Email');
  });
});
