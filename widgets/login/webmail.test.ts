import { describe, expect, it } from 'vitest';
import { webmailOf } from './webmail';

describe('webmailOf', () => {
  it("names the large free services' inboxes, whatever the address's case", () => {
    expect(webmailOf('ann@gmail.com')).toEqual({ service: 'Gmail', inbox: 'https://mail.google.com/' });
    expect(webmailOf('Ann@GoogleMail.com')?.service).toBe('Gmail');
    expect(webmailOf('ben@hotmail.co.uk')?.service).toBe('Outlook');
    expect(webmailOf('cy@outlook.com')?.inbox).toBe('https://outlook.live.com/mail/');
    expect(webmailOf('di@yahoo.com.ph')?.service).toBe('Yahoo Mail');
    expect(webmailOf('ed@icloud.com')?.service).toBe('iCloud Mail');
    expect(webmailOf('fe@proton.me')?.service).toBe('Proton Mail');
  });

  it('has none for any other address, or a look-alike domain', () => {
    for (const email of [
      'ann@example.org',
      'ann@gmail.com.evil.example',
      'ann@notgmail.com',
      'ann@mail.google.com',
      'ann@live.evil.example',
      'gmail.com',
      '',
    ])
      expect(webmailOf(email), email).toBeNull();
  });
});
