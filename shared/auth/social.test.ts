// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firebaseSettings } from './runtime-config';
import { SCOPES, pageSocialSignIn, splitName } from './social';

describe('social sign-in helpers', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('splits a display name into first and last name', () => {
    expect(splitName('Maria Clara Santos')).toEqual({ first: 'Maria Clara', last: 'Santos' });
    expect(splitName('  Grace  ')).toEqual({ first: 'Grace', last: '' });
    expect(splitName('')).toEqual({ first: '', last: '' });
  });

  it('asks each provider for the email and the name', () => {
    expect(SCOPES).toEqual({
      google: ['email', 'profile'],
      facebook: ['email', 'public_profile'],
      apple: ['email', 'name'],
    });
  });

  it('reads the runtime block and refuses an emulator address that is not local', () => {
    document.head.innerHTML = `<script type="application/json" id="sm-runtime-config">{"firebase":{"apiKey":"k","authDomain":"d","projectId":"p","authEmulatorUrl":"http://127.0.0.1:9099"}}</script>`;
    expect(firebaseSettings()).toMatchObject({ projectId: 'p', authEmulatorUrl: 'http://127.0.0.1:9099' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    document.head.innerHTML = `<script type="application/json" id="sm-runtime-config">{"firebase":{"apiKey":"k","authDomain":"d","projectId":"p","authEmulatorUrl":"http://evil.example:9099"}}</script>`;
    expect(firebaseSettings()).toBeNull();
    document.head.innerHTML = `<script type="application/json" id="sm-runtime-config">{oops</script>`;
    expect(firebaseSettings()).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('is not configured without a block or build settings', () => {
    expect(firebaseSettings()).toBeNull();
    expect(pageSocialSignIn.mode()).toBe('off');
  });

  it("signs in through the provider's popup, or through the local emulator's test accounts", () => {
    document.head.innerHTML = `<script type="application/json" id="sm-runtime-config">{"firebase":{"apiKey":"k","authDomain":"d","projectId":"p"}}</script>`;
    expect(pageSocialSignIn.mode()).toBe('popup');
    document.head.innerHTML = `<script type="application/json" id="sm-runtime-config">{"firebase":{"apiKey":"k","authDomain":"d","projectId":"p","authEmulatorUrl":"http://localhost:9099"}}</script>`;
    expect(pageSocialSignIn.mode()).toBe('emulator');
  });
});
